export default {
  intro:
    '备份包含数据库、用您的口令加密的密钥，以及内置存储中的所有文件。S3 上的文件只在备份中列出、不会复制：请用存储自身的工具备份存储桶。',
  now: '立即下载备份',
  passphrase: '口令',
  passphraseHint: '至少 8 个字符。它加密备份中的密钥；没有它就无法恢复备份。请与备份分开保管。',
  wait: '备份完成后才开始下载：每 GB 存储约需一分钟。期间应用照常服务。',
  download: '备份并下载',
  restoreHeading: '恢复',
  restoreBody:
    '使用命令恢复备份：恢复到空的数据目录（PostgreSQL 则为空数据库），使用应用运行时相同的设置。写入任何内容之前，它会校验备份中的每个文件和口令。',
  commandsBody:
    '也可以在终端或定时任务中创建同样的备份：BACKUP_PASSPHRASE=… npm run backup -- <文件.tar.gz>（容器中：node build/cli/cli.js backup <文件>）。',
};
