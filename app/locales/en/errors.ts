export default {
  apiNotFound: 'The requested resource was not found',
  internal: 'Internal server error',
  invalidInput: 'Invalid input',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  unsupportedEncoding: 'Unsupported request encoding',
  requestAborted: 'The request was aborted',
  notImplemented: 'Not implemented yet',
};
