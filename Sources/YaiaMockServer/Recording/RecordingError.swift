#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// Why an exchange was not recorded, or a recording cannot go on: what was refused and the
  /// limit it passed. The request is still answered with what the backend said.
  public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The backend's answer to `request` is larger than a recording keeps.
    case bodyTooLarge(request: String, bytes: Int, limit: Int)
    /// The recording holds its most routes; new routes are not recorded.
    case tooManyRoutes(limit: Int)
    /// The route answered differently more times than a sequence keeps.
    case tooManyAnswers(route: String, limit: Int)
    /// The recording wrote its most files.
    case tooManyFiles(limit: Int)
    /// The recording wrote its most bytes.
    case tooManyBytes(limit: Int)
    /// The recording's manifest holds its most bytes of header fields.
    case tooManyHeaderBytes(limit: Int)
    /// The request's path has a segment a manifest cannot hold as a literal (an encoded `/`, a
    /// leading `:`, a lone `*`, a combining mark after a `/`).
    case unrepresentablePath(request: String)
    /// The answer to `request` may hold a secret that could not be taken out of it: JSON that
    /// could not be rewritten without it (JSON Foundation reads leniently), or a body no reader
    /// here parses with a secret-named value in it (`token=…`). It is not written, so the
    /// secret is not either.
    case unreadableSecret(request: String)
    /// The folder to record into cannot be used: it holds files already, or cannot be written.
    case unusableFolder(path: String, reason: String)
    /// A file of the recording could not be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
      switch self {
      case .bodyTooLarge(let request, let bytes, let limit):
        return
          "Not recorded: the answer to \(request) is \(bytes) bytes; a recording keeps bodies of at most \(limit)."
      case .tooManyRoutes(let limit):
        return
          "Not recorded: the recording holds \(limit) routes, its most. Record into another folder."
      case .tooManyAnswers(let route, let limit):
        return
          "Not recorded: \(route) answered differently \(limit) times, the most a sequence keeps."
      case .tooManyFiles(let limit):
        return
          "Not recorded: the recording wrote \(limit) files, its most. Record into another folder."
      case .tooManyHeaderBytes(let limit):
        return
          "Not recorded: the manifest holds \(limit) bytes of header fields, its most (a backend whose answers differ only in their headers each time). Record into another folder, or drop the changing field."
      case .tooManyBytes(let limit):
        return
          "Not recorded: the recording wrote \(limit) bytes of fixtures, its most. Record into another folder."
      case .unrepresentablePath(let request):
        return
          "Not recorded: the path of \(request) has a segment a manifest cannot match literally (an encoded /, a leading :, a lone *)."
      case .unreadableSecret(let request):
        return
          "Not recorded: the answer to \(request) may hold a secret that could not be taken out of it (a secret-named value in a body that is not JSON or a form, or JSON that could not be rewritten)."
      case .unusableFolder(let path, let reason):
        return "Cannot record into \(path): \(reason)."
      case .cannotWrite(let path, let reason):
        return "Cannot write \(path): \(reason)."
      }
    }
  }
#endif
