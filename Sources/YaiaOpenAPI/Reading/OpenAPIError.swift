#if OpenAPI  // the trait; without it, TraitRequirement.swift names it
  /// Why an OpenAPI description cannot be used: its file, the line (0 if unknown) and what is
  /// wrong, in the words of the mock server's other load errors.
  public struct OpenAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The description's file, as it was named.
    public var file: String
    /// The line, from 1; 0 when unknown.
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// An error at `line` of `file`.
    public init(file: String, line: Int, reason: String) {
      self.file = file
      self.line = line
      self.reason = reason
    }

    public var description: String { "\(file)\(line > 0 ? ":\(line)" : ""): \(reason)" }
  }
#endif
