/** Messages of the WebDAV door (docs/architecture.md §8). */
export default {
  davBadRequest: 'The request is not one this WebDAV server understands',
  davForbidden: 'This key may not do that over WebDAV',
  davNotAllowed: 'Not allowed here: something with that name already exists',
  davPreconditionFailed: 'A condition of the request does not hold (the target exists, or it changed)',
  davBodyTooLarge: 'The request body is larger than {{max}} bytes once decompressed',
  davBodyUnreadable: 'The request body could not be read or decompressed',
  davXmlTooDeep: 'The request body nests elements deeper than {{max}} levels',
  davPropertyTooLarge:
    'The property is too large, or the resource has too many properties ({{max}} bytes each at most)',
  davContentRangeUnsupported: 'Partial uploads (PUT with Content-Range) are not supported: send the whole file',
  davContentTypeInvalid: 'The Content-Type header is not a valid media type',
  davOverwriteInvalid: 'The Overwrite header must be T or F',
  davPathInvalid: 'A path may not hold “.” or “..” segments, in any spelling',
  davDestinationInvalid: 'The Destination header is not a valid address',
  davDestinationForeign: 'The Destination is on another server or outside /dav',
  davLocked: 'The file or folder is locked',
};
