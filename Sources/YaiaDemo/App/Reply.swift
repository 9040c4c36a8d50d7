/// What a piece of work brought back, a success or a failure, as an event carries it: a
/// `Result` that is `Codable`, so that the demo's events are (Yaia Inspector exports a session
/// as a test, and replays it, only for `Codable` events). Its cases read as `Result`'s do:
/// `.response(.success(session))`.
enum Reply<Success: Codable & Equatable & Sendable, Failure: Error & Codable & Equatable>:
  Codable, Equatable, Sendable
{
  /// It worked, with this value.
  case success(Success)
  /// It failed, for this reason.
  case failure(Failure)

  /// The reply a `Result` is.
  init(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }
}
