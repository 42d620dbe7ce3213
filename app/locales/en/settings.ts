export default {
  save: 'Save settings',
  saving: 'Saving…',
  saved: 'Settings saved.',
  fixErrors: 'Some values could not be saved: see the marked fields. Nothing was changed.',
  global: {
    intro: 'Limits and safety switches that apply to the whole site.',
    uploads: 'Uploads',
    maxUploadSize: 'Max upload size',
    maxUploadUnit: 'Unit',
    maxUploadSizeHint:
      'The largest file anyone may upload. Stored in whole MB (1 MB = 1024 KB, 1 GB = 1024 MB); the default is 100 MB.',
    proxy: 'Proxy signatures',
    stripMetadata: 'Strip location and camera details from uploaded photos',
    stripMetadataHint:
      'JPEG, PNG and WebP lose their EXIF (GPS position, camera, owner), XMP and text before they are stored, on every door; the original is never kept. Pixels are not touched, and a photo keeps its orientation.',
    proxySignAll: 'Sign all proxy links',
    proxySignAllHint:
      'Every proxied download link of a mount (/api/p/…) needs a valid signature, whatever the mount’s own setting.',
    proxySignExpires: 'Signature lifetime (seconds)',
    proxySignExpiresHint: 'How long a signed link works. 0 = it never expires. Mounts may set their own lifetime.',
    privateHosts: 'URL uploads from private networks',
    allowedHosts: 'Private hosts allowed for URL uploads',
    allowedHostsHint:
      'One per line or comma-separated: a host name (exact match, no wildcards), an IP address or a CIDR range, e.g. nas.lan, 192.168.1.10, 10.0.0.0/24. Leave empty to keep every private address blocked.',
    allowedHostsWarningTitle: 'Off by default, for a reason',
    allowedHostsWarning:
      'With “Upload from URL” this server downloads whatever address a user types. So that nobody can use it to reach what is only visible from inside your network (router and NAS admin pages, databases, other containers, the cloud metadata service that hands out credentials), it refuses local and private addresses: 127.0.0.1, 10.x, 172.16–31.x, 192.168.x, 169.254.x, fc00::/7 and the like. Each entry here lifts that ban for one host or range, for everyone who may upload. List only hosts whose content you are happy to share; a name entry is trusted whatever private address it resolves to, and a wide range such as 10.0.0.0/8 opens a whole network.',
    errors: {
      sizeRequired: 'Enter the max upload size',
      sizeInvalid: 'Enter a number, such as 100 or 1.5',
      sizeTooSmall: 'The max upload size must be at least 1 MB',
      sizeTooLarge: 'The max upload size can be at most {{max}}',
      sizeNotWholeMb:
        '{{size}} is not a whole number of MB, and the limit is stored in whole MB (1 MB = 1024 KB). Try {{suggestion}}.',
    },
  },
  webdav: {
    intro:
      'Mount the storage as a drive: every active mount appears as a folder at the address below. Uploads stream straight to storage, never held by the server.',
    uploadMode: 'Upload mode',
    modes: {
      direct: 'Direct upload',
      directHint:
        'A file whose size the client states goes to storage in one streamed request: the fewest requests. Files sent without a size (macOS Finder) still go in parts. S3 takes at most 5 GB in one request.',
      multipart: 'Multipart upload',
      multipartHint:
        'Every file goes to storage in 5 MB parts, several at once: needed for files over 5 GB, at the cost of more requests per file.',
    },
    connect: {
      heading: 'Connect a WebDAV client',
      copyCommands: {
        copy: 'Copy the commands',
        copied: 'Copied',
        failed: 'Copy failed: select the commands and copy them by hand',
      },
      address: 'Address',
      copy: { copy: 'Copy', copied: 'Copied', failed: 'Copy failed: select the address and copy it by hand' },
      credentials:
        'Sign in with an admin account, or with an access key that has the WebDAV permissions: the key is both the user name and the password. A key sees only its base path.',
      windows: {
        name: 'Windows',
        steps:
          'File Explorer → This PC → Map network drive.\nFolder: {{address}}\nTick “Connect using different credentials”, then sign in.\nWindows sends passwords over plain HTTP only after a registry change (BasicAuthLevel 2): serve Cloudclip over HTTPS.',
      },
      macos: {
        name: 'macOS',
        steps:
          'Finder → Go → Connect to Server (⌘K).\nServer address: {{address}}\nConnect as a registered user and sign in.',
      },
      linux: {
        name: 'Linux (davfs2)',
        steps: 'The user name and password are asked for when mounting.',
        commands:
          'sudo apt install davfs2\nsudo mkdir -p /mnt/cloudclip\nsudo mount -t davfs {{address}} /mnt/cloudclip',
      },
      rclone: {
        name: 'rclone',
        steps: 'Replace NAME and PASSWORD with yours.',
        commands:
          'rclone config create cloudclip webdav url={{address}} vendor=other user=NAME pass=$(rclone obscure PASSWORD)\nrclone ls cloudclip:\nrclone mount cloudclip: ~/cloudclip',
      },
    },
  },
};
