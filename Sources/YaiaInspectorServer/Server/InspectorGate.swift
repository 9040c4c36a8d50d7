import YaiaInspector

import struct YaiaHTTP.HTTPStatus

/// Who may talk to the inspector: a request must name this server as its host (a page on
/// another site that resolves its own name to 127.0.0.1, DNS rebinding, names itself), come from
/// this server's own origin when it comes from a page, and show it holds the token printed at
/// start: the token itself (the page), or an app's proof made from it
/// (``InspectorHandshake``, which apps use so that they never send the token). Only the
/// handshake's first step, which proves the inspector to the app, needs neither.
struct InspectorGate {
  /// The token printed in the URL.
  let token: String
  /// The port served.
  let port: Int

  /// Why a request is refused, with its status; `nil` when it may pass.
  func refusal(
    token given: String?, connection: String? = nil, host: String?, origin: String?,
    needsProof: Bool = true
  ) -> (status: HTTPStatus, message: String)? {
    let names = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    guard let host, names.contains(host.lowercased()) else {
      return (403, "this inspector answers only as 127.0.0.1:\(port) or localhost:\(port)")
    }
    if let origin, !names.map({ "http://\($0)" }).contains(origin.lowercased()) {
      return (403, "requests from other origins are refused")
    }
    guard needsProof else { return nil }
    if let connection {
      guard InspectorHandshake.accepts(header: connection, token: token, port: port) else {
        return (
          401,
          "the app's \(InspectorHandshake.header) proof does not match this inspector's token "
            + "and port: connect again"
        )
      }
      return nil
    }
    guard let given, InspectorHandshake.sameText(given, token) else {
      return (
        401,
        given == nil
          ? "a token is required: open the whole URL yaia inspect printed"
          : "wrong token: open the whole URL yaia inspect printed (it changes with yaia inspect --new-token)"
      )
    }
    return nil
  }

}
