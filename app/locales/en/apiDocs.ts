export default {
  title: 'Scripts and API',
  intro: 'Share from the command line, from ShareX, or from your own program.',
  recipes: {
    heading: 'Ready-to-run commands',
    forKey:
      'These commands carry the key you are logged in with, “{{name}}”. Keep them private: anyone holding the key has its permissions.',
    forAdmin:
      'Scripts use an API key, not the administrator login: create a key with just the permissions the script needs, log in with it, and this page fills it in.',
    forVisitor: 'Log in with an API key and this page writes the commands with your key filled in.',
    createKey: 'Create a key',
    logIn: 'Log in with a key',
    text: 'Share a text',
    textHint: 'Answers the new share’s slug; its page is {{origin}}/paste/<slug>.',
    sealedText: 'Share an encrypted text',
    sealedTextHint:
      'Downloads e2e-crypt.mjs (it needs only Node), encrypts the text on your machine and prints its whole link: the key after “#” never reaches the server. `node e2e-crypt.mjs open <link>` reads one back; add --password to either.',
    sealedFile: 'Share an encrypted file',
    sealedFileHint:
      'The same script encrypts the file, its name and its type on your machine, sends the ciphertext and prints the whole link. `node e2e-crypt.mjs open <link>` saves it back under its own name (or --out <file>); add --password to either. It holds the file in memory: for very large files use the upload page, which sends any size in parts.',
    file: 'Share a file',
    fileHint:
      'Sends the file as the request body. Add ?password=…, ?expires_in=<hours> or ?max_views=<n> to the address to set them.',
    request: 'Ask for files (an upload request)',
    requestHint:
      'Answers the request with its link (data.url): files sent to it land in a folder of its own inside /local/inbox. Add maxFiles, maxTotalBytes, password or expiresIn (hours) to the JSON.',
    send: 'Send a file to an upload request',
    sendHint:
      "Anyone with the request’s link can run this, without a key: replace LINK with the end of the link. Add -H 'X-Request-Password: …' when it has a password.",
    tus: 'Upload resumably (tus)',
    tusHint:
      'One request that creates a tus upload and sends the file into /local/inbox. Uppy and tus-js-client resume where a dropped upload stopped: the endpoint is /api/tus/, and docs/tus.md has their settings and the other targets (a new file share, an upload request).',
    s3: 'Use S3 tools (AWS CLI, rclone, restic)',
    s3Hint:
      'Buckets are mounts. Each API key has S3 credentials, shown once when the key is made (or made new on Admin → API keys). docs/s3.md has the rclone, restic and SDK settings.',
    s3Off: 'The S3 door is turned off on this server (S3_PORT=0).',
    sharex: 'ShareX',
    sharexHint:
      'A custom uploader for ShareX (Windows): open the file and ShareX adds it; uploads then answer the share page’s link.',
    sharexDownload: 'Download the ShareX uploader',
    missingPermission: 'Your key lacks the “{{permission}}” permission, so this command would be refused.',
    copy: 'Copy',
    copyLabel: 'Copy the command: {{name}}',
    copied: 'Copied',
    failed: 'Copy failed: select the command and copy it by hand',
  },
  reference: {
    heading: 'API reference',
    intro: 'Every route of /api, with who may call it and the fields it takes. The same, as an OpenAPI 3.1 document:',
    method: 'Method',
    path: 'Path',
    access: 'Who may call it',
    summary: 'What it does',
    fields: 'Body fields',
    required: 'required',
    public: 'Anyone',
    admin: 'Administrator',
    any: 'Administrator or any key',
    permission: 'Administrator, or a key with “{{permission}}”',
  },
};
