import struct YaiaHTTP.HTTPStatus

/// Why the inspector does not do what a request asked, with the status it answers: each says
/// what was wrong (a page it does not know, a shell it does not hold, a body too large), so the
/// page can show it as it is.
struct Refusal: Error, Equatable {
  /// The status answered.
  var status: HTTPStatus
  /// What was wrong, in a sentence a person reads.
  var message: String
}
