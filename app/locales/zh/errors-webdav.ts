/** WebDAV 接口的消息（docs/architecture.md §8）。 */
export default {
  davBadRequest: 'WebDAV 服务器无法理解该请求',
  davForbidden: '该密钥无权通过 WebDAV 执行此操作',
  davNotAllowed: '不允许：同名的文件或文件夹已存在',
  davPreconditionFailed: '请求的前提条件不成立（目标已存在或已被修改）',
  davBodyTooLarge: '请求体解压后超过 {{max}} 字节',
  davBodyUnreadable: '无法读取或解压请求体',
  davXmlTooDeep: '请求体的元素嵌套超过 {{max}} 层',
  davPropertyTooLarge: '属性过大，或该资源的属性过多（每个最多 {{max}} 字节）',
  davContentRangeUnsupported: '不支持部分上传（带 Content-Range 的 PUT）：请发送整个文件',
  davContentTypeInvalid: 'Content-Type 请求头不是有效的媒体类型',
  davOverwriteInvalid: 'Overwrite 请求头必须是 T 或 F',
  davPathInvalid: '路径中不能包含“.”或“..”段（任何写法均不可）',
  davDestinationInvalid: 'Destination 请求头不是有效的地址',
  davDestinationForeign: 'Destination 位于其他服务器或 /dav 之外',
  davLocked: '该文件或文件夹已被锁定',
};
