# Cloudclip: one image, built from source (docs/deploy.md). Two stages: `build` installs the
# dependencies and builds the app, and the runtime stage gets only the build and the production
# node_modules, and runs as the unprivileged `node` user.
#
#   docker build --build-arg APP_VERSION="$(node -p 'require("./package.json").version')" -t cloudclip .
#   docker run -d -p 8787:8787 -v cloudclip-data:/data --stop-timeout 35 cloudclip
#
# Without a Docker engine, scripts/image.sh builds and smoke-tests this file with buildah.

# The floating Node 24 LTS tag: it takes Node's patch releases (decision 0022).
ARG NODE_IMAGE=node:24-bookworm-slim

# One stage, not a stage for the dependencies and one for the build: Docker caches each
# instruction's layer either way (a change of source alone installs nothing again), and a builder
# that commits each stage (scripts/image.sh) would copy the whole file system once more between them.
FROM ${NODE_IMAGE} AS build
# better-sqlite3 13 ships its Node-API builds inside the npm package, but npm still runs its
# implicit `node-gyp rebuild`, which finds the build and compiles nothing, yet needs Python, make,
# a compiler and Node's headers to get that far.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The node image keeps Node's headers under /usr/local (the repository's .npmrc points at /usr).
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
COPY scripts/prisma-generate.mjs scripts/schema-engine-stub.sh scripts/patch-packages.mjs scripts/
COPY prisma prisma
# Behind a proxy that re-signs TLS, pass its CA bundle as the build secret `ca`
# (`--secret id=ca,src=/etc/ssl/certs/ca-certificates.crt`; scripts/image.sh does). Without it, npm
# trusts the public roots as usual.
RUN --mount=type=secret,id=ca,target=/run/secrets/ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm ci --no-fund --no-audit && npm cache clean --force

COPY . .
# npm prune may ask the registry about packages of the tree it keeps (it did once the tus server's
# packages came in): the same CA secret as npm ci, never stored in the image.
RUN --mount=type=secret,id=ca,target=/run/secrets/ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi \
 && npm run build && npm prune --omit=dev --no-fund --no-audit && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ARG APP_VERSION=unknown
LABEL org.opencontainers.image.title="Cloudclip" \
      org.opencontainers.image.description="Self-hosted online clipboard and file sharing" \
      org.opencontainers.image.version="${APP_VERSION}"
# ffmpeg draws the posters of videos and the covers of audio files in thumbnails (FFMPEG_PATH); tini
# is PID 1. Nothing here waits for the other stages, so a builder that runs stages side by side
# (buildah --jobs, BuildKit) installs these while the app's dependencies install.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY scripts/healthcheck.mjs scripts/
RUN mkdir -p /data && chown node:node /data
# HOST=0.0.0.0: inside a container the published port arrives on the container's interface.
# NODE_OPTIONS carries the heap limit of scripts/server-node-flags.json (docs/architecture.md §6).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8787 \
    DATA_DIR=/data \
    NODE_OPTIONS=--max-old-space-size=384
VOLUME ["/data"]
# 8788: the S3 door (S3_PORT, docs/s3.md); publish it only where S3 tools are to reach it.
EXPOSE 8787 8788
USER node
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# tini as PID 1: signals reach node (a graceful stop), and zombies are reaped.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/server.js"]
