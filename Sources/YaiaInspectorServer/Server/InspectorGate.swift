import YaiaInspector

import struct YaiaHTTP.HTTPStatus

/// Who may talk to the inspector: a request must name this server as its host (a page on
/// another site that resolves its own name to 127.0.0.1, DNS rebinding, names itself), come from
/// this server's own origin when it comes from a page, and show it holds the token printed at
/// start without sending it: an app's proof (``InspectorHandshake``) for a batch, a page's
/// proof (``PageProof``) for everything else. The token itself opens nothing: no program of
/// ours sends it, so one that does has read it where it should not have.
///
/// Only the page's own files and the handshakes' first step, which proves the inspector to
/// its caller, need no proof: they hold nothing secret.
struct InspectorGate {
  /// The token printed in the URL.
  let token: String
  /// The port served.
  let port: Int

  /// Why a request naming `host` and coming from `origin` is refused (403), or `nil`.
  func refusal(host: String?, origin: String?) -> Refusal? {
    let names = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    guard let host, names.contains(host.lowercased()) else {
      return Refusal(
        status: 403,
        message: "this inspector answers only as 127.0.0.1:\(port) or localhost:\(port)")
    }
    if let origin, !names.map({ "http://\($0)" }).contains(origin.lowercased()) {
      return Refusal(status: 403, message: "requests from other origins are refused")
    }
    return nil
  }

  /// Why an app's batch with the `Yaia-Connection` header `connection` is refused (401), or
  /// `nil` when its proof matches this inspector's token and port (its nonce is checked next).
  func refusal(appConnection connection: String?) -> Refusal? {
    guard let connection else {
      return Refusal(
        status: 401,
        message:
          "a batch needs the app's \(InspectorHandshake.header) proof (POST /api/connect first): "
          + "the token itself opens nothing")
    }
    guard InspectorHandshake.accepts(header: connection, token: token, port: port) else {
      return Refusal(
        status: 401,
        message: "the app's \(InspectorHandshake.header) proof does not match this inspector's "
          + "token and port: connect again")
    }
    return nil
  }

  /// A page's request checked: its session and counter when its `proof` item is the keyed hash
  /// of exactly this request, or why it is refused (401).
  func pageProof(
    method: String, path: String, items: [(name: String, value: String)]
  ) -> Result<(session: String, counter: Int), Refusal> {
    guard let text = items.first(where: { $0.name == PageProof.item })?.value else {
      return .failure(
        Refusal(
          status: 401,
          message:
            "this request needs a page's proof: open the whole URL yaia inspect printed "
            + "(the page proves it holds the token without sending it; the token itself opens nothing)"
        ))
    }
    guard let proof = PageProof.parse(text) else {
      return .failure(Refusal(status: 401, message: "the page's proof is not session.counter.hash"))
    }
    let message = PageProof.requestMessage(
      port: port, session: proof.session, counter: proof.counter, method: method, path: path,
      items: items)
    guard PageProof.accepts(hash: proof.hash, message: message, token: token) else {
      return .failure(
        Refusal(
          status: 401,
          message:
            "the page's proof does not match this inspector's token and port: open the whole URL "
            + "yaia inspect printed (it changes with yaia inspect --new-token)"))
    }
    return .success((proof.session, proof.counter))
  }
}
