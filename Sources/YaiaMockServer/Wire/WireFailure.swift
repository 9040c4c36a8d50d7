#if MockServer  // the trait; without it, TraitRequirement.swift names it
  import Yaia

  /// Why a request could not be read, as the status to answer with and a reason for its body:
  /// the connection answers it and closes, since what follows on the wire cannot be trusted.
  package struct WireFailure: Error, Equatable, Sendable {
    /// The status: 400, 408, 413, 414, 431, 501 or 505.
    package var status: HTTPStatus
    /// What was wrong, in words, for the response body and the log.
    package var reason: String
  }

  extension WireFailure {
    /// `text` from the request as a reason may quote it: escaped, and at most 40 characters, so
    /// that a hostile field can neither reach a terminal raw nor make the answer large.
    static func shown(_ text: String) -> String {
      VisibleText.escaped(text, atMost: 40)
    }
  }
#endif
