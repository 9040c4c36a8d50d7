/// Why a request could not be read, as the status to answer with and a reason for its body:
/// the connection answers it and closes, since what follows on the wire cannot be trusted.
struct WireFailure: Error, Equatable, Sendable {
  /// The status: 400, 408, 413, 414, 431, 501 or 505.
  var status: Int
  /// What was wrong, in words, for the response body and the log.
  var reason: String
}
