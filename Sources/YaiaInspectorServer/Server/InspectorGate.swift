import struct YaiaHTTP.HTTPStatus

/// Who may talk to the inspector: a request must carry the token printed at start, name this
/// server as its host (a page on another site that resolves its own name to 127.0.0.1, DNS
/// rebinding, names itself), and, when it comes from a page, come from this server's own origin.
struct InspectorGate {
  /// The token printed in the URL.
  let token: String
  /// The port served.
  let port: Int

  /// Why a request is refused, with its status; `nil` when it may pass.
  func refusal(token given: String?, host: String?, origin: String?) -> (
    status: HTTPStatus, message: String
  )? {
    let names = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    guard let host, names.contains(host.lowercased()) else {
      return (403, "this inspector answers only as 127.0.0.1:\(port) or localhost:\(port)")
    }
    if let origin, !names.map({ "http://\($0)" }).contains(origin.lowercased()) {
      return (403, "requests from other origins are refused")
    }
    guard let given, Self.same(given, token) else {
      return (
        401,
        given == nil
          ? "a token is required: open the whole URL yaia inspect printed"
          : "wrong token: open the whole URL yaia inspect printed (it changes with yaia inspect --new-token)"
      )
    }
    return nil
  }

  /// Compares without stopping at the first difference, so the time taken says nothing about
  /// how much of a guess was right.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var difference = UInt8(truncatingIfNeeded: x.count ^ y.count)
    for index in 0..<min(x.count, y.count) { difference |= x[index] ^ y[index] }
    return difference == 0 && x.count == y.count
  }
}
