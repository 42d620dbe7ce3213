export default {
  apiNotFound: '未找到请求的资源',
  internal: '服务器内部错误',
  invalidInput: '请求参数无效',
  malformedJson: '请求体不是有效的 JSON',
  bodyTooLarge: '请求体过大',
  unsupportedEncoding: '不支持的请求编码',
  requestAborted: '请求已中止',
  notImplemented: '功能尚未实现',
};
