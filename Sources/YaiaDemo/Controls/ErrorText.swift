import YaiaRemote

extension Error {
  /// A one-line reason for a status line: `HTTP 500`, or the error's description.
  var shortDescription: String {
    if let remote = self as? RemoteError, let status = remote.status {
      return "HTTP \(status.code)"
    }
    return "\(self)"
  }
}
