export default {
  save: '保存设置',
  saving: '正在保存…',
  saved: '设置已保存。',
  fixErrors: '部分设置无法保存：请查看标出的字段。未做任何更改。',
  global: {
    intro: '适用于整个站点的限制和安全开关。',
    uploads: '上传',
    maxUploadSize: '最大上传大小',
    maxUploadUnit: '单位',
    maxUploadSizeHint: '任何人可上传的最大文件。以整数 MB 保存（1 MB = 1024 KB，1 GB = 1024 MB）；默认 100 MB。',
    proxy: '代理签名',
    stripMetadata: '去除上传照片中的位置和相机信息',
    stripMetadataHint:
      'JPEG、PNG 和 WebP 在保存前会去掉 EXIF（GPS 位置、相机、作者）、XMP 和文本信息，所有上传途径都适用，原文件不会保留。像素不受影响，照片保持原有方向。',
    proxySignAll: '签名所有代理链接',
    proxySignAllHint: '挂载点的所有代理下载链接（/api/p/…）都需要有效签名，不论挂载点自身如何设置。',
    proxySignExpires: '签名有效期（秒）',
    proxySignExpiresHint: '签名链接的有效时间。0 表示永不过期。挂载点可以设置自己的有效期。',
    privateHosts: '从内网地址进行 URL 上传',
    allowedHosts: '允许 URL 上传访问的内网主机',
    allowedHostsHint:
      '每行一个或用逗号分隔：主机名（完全匹配，不支持通配符）、IP 地址或 CIDR 网段，例如 nas.lan、192.168.1.10、10.0.0.0/24。留空则继续禁止所有内网地址。',
    allowedHostsWarningTitle: '默认关闭，这是有原因的',
    allowedHostsWarning:
      '使用“从 URL 上传”时，服务器会下载用户填写的任意地址。为防止有人借此访问只有在你的网络内部才能看到的东西（路由器和 NAS 的管理页面、数据库、其他容器、会发放凭据的云元数据服务），服务器会拒绝本机和内网地址：127.0.0.1、10.x、172.16–31.x、192.168.x、169.254.x、fc00::/7 等。这里的每一项都会为所有有上传权限的人解除对一个主机或网段的禁止。只列出你愿意共享其内容的主机；主机名条目无论解析到哪个内网地址都会被信任，而 10.0.0.0/8 这样的大网段会开放整个网络。',
    errors: {
      sizeRequired: '请输入最大上传大小',
      sizeInvalid: '请输入数字，例如 100 或 1.5',
      sizeTooSmall: '最大上传大小至少为 1 MB',
      sizeTooLarge: '最大上传大小不能超过 {{max}}',
      sizeNotWholeMb: '{{size}} 不是整数 MB，而上传限制以整数 MB 保存（1 MB = 1024 KB）。可以改为 {{suggestion}}。',
    },
  },
  webdav: {
    intro:
      '把存储挂载为网络驱动器：每个启用的挂载点都是下方地址里的一个文件夹。上传直接流式写入存储，服务器不会缓存整个文件。',
    uploadMode: '上传模式',
    modes: {
      direct: '直接上传',
      directHint:
        '客户端声明了大小的文件用一次流式请求写入存储，请求最少。未声明大小的上传（macOS 访达）仍会分片。S3 单次请求最多 5 GB。',
      multipart: '分片上传',
      multipartHint: '所有文件按 5 MB 分片并发写入存储：超过 5 GB 的文件需要它，代价是每个文件的请求更多。',
    },
    connect: {
      heading: '连接 WebDAV 客户端',
      copyCommands: { copy: '复制命令', copied: '已复制', failed: '复制失败：请手动选中命令复制' },
      address: '地址',
      copy: { copy: '复制', copied: '已复制', failed: '复制失败：请手动选中地址复制' },
      credentials:
        '使用管理员账号登录，或使用带 WebDAV 权限的 API 密钥：用户名和密码都填该密钥。密钥只能看到其基本路径。',
      windows: {
        name: 'Windows',
        steps:
          '文件资源管理器 → 此电脑 → 映射网络驱动器。\n文件夹：{{address}}\n勾选“使用其他凭据连接”，然后登录。\nWindows 默认只在 HTTPS 下发送密码（HTTP 需把注册表 BasicAuthLevel 改为 2）：请通过 HTTPS 提供 Cloudclip。',
      },
      macos: {
        name: 'macOS',
        steps: '访达 → 前往 → 连接服务器（⌘K）。\n服务器地址：{{address}}\n以注册用户身份连接并登录。',
      },
      linux: {
        name: 'Linux（davfs2）',
        steps: '挂载时会询问用户名和密码。',
        commands:
          'sudo apt install davfs2\nsudo mkdir -p /mnt/cloudclip\nsudo mount -t davfs {{address}} /mnt/cloudclip',
      },
      rclone: {
        name: 'rclone',
        steps: '将 NAME 和 PASSWORD 换成你的用户名和密码。',
        commands:
          'rclone config create cloudclip webdav url={{address}} vendor=other user=NAME pass=$(rclone obscure PASSWORD)\nrclone ls cloudclip:\nrclone mount cloudclip: ~/cloudclip',
      },
    },
  },
};
