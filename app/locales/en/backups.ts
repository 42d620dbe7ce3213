export default {
  intro:
    'A backup holds the database, the secret key sealed with your passphrase, and every file of the built-in storage. Files on S3 are listed in it, not copied: back up buckets with the storage’s own tools.',
  now: 'Download a backup now',
  passphrase: 'Passphrase',
  passphraseHint:
    '8 characters or more. It seals the secret key inside the backup; without it the backup cannot be restored. Keep it apart from the backups.',
  wait: 'The download starts when the backup is complete: about a minute per gigabyte stored. The app keeps serving meanwhile.',
  download: 'Back up and download',
  restoreHeading: 'Restoring',
  restoreBody:
    'A backup is restored with a command, into an empty data folder (and an empty database on PostgreSQL), with the same settings the app will run with. It checks every file of the backup and the passphrase before it writes anything.',
  commandsBody:
    'The same backup can be made from a terminal, or by a scheduled job: BACKUP_PASSPHRASE=… npm run backup -- <file.tar.gz> (in the container: node build/cli/cli.js backup <file>).',
};
