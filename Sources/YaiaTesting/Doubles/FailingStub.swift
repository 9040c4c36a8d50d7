public import Testing

/// A service function for a test that does not expect the service to be used: calling it
/// records a test failure naming the stub and the arguments it was called with, then returns
/// `placeholder`.
///
/// Fill every service a test should not touch with one, so that a shell that calls the wrong
/// service fails loudly instead of passing by accident:
///
/// ```swift
/// let services = SearchServices(
///   search: { query in ["\(query) result"] },
///   history: failingStub("history", returning: [])
/// )
/// ```
public func failingStub<each Input, Output: Sendable>(
  _ name: String, returning placeholder: Output,
  sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (repeat each Input) -> Output {
  { (input: repeat each Input) in
    reportStubCall(name, arguments: describe(repeat each input), at: sourceLocation)
    return placeholder
  }
}

/// An asynchronous failing stub: calling it records a failure naming `name`, then returns
/// `placeholder`.
public func failingStub<each Input, Output: Sendable>(
  _ name: String, returning placeholder: Output,
  sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (repeat each Input) async -> Output {
  { (input: repeat each Input) in
    reportStubCall(name, arguments: describe(repeat each input), at: sourceLocation)
    return placeholder
  }
}

/// A throwing failing stub: calling it records a failure naming `name`, then throws
/// ``FailingStubError``, which the feature handles like any other service error.
public func failingStub<each Input, Output>(
  _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (repeat each Input) async throws -> Output {
  { (input: repeat each Input) in
    reportStubCall(name, arguments: describe(repeat each input), at: sourceLocation)
    throw FailingStubError(name: name)
  }
}

/// A failing stub for a service that returns nothing, such as showing a banner.
public func failingStub<each Input>(
  _ name: String, sourceLocation: SourceLocation = #_sourceLocation
) -> @Sendable (repeat each Input) -> Void {
  { (input: repeat each Input) in
    reportStubCall(name, arguments: describe(repeat each input), at: sourceLocation)
  }
}

/// What a throwing `failingStub(_:sourceLocation:)` throws after recording its failure.
public struct FailingStubError: Error, Equatable, CustomStringConvertible {
  /// The name the stub was given.
  public let name: String

  /// The error of the stub named `name`.
  public init(name: String) { self.name = name }

  /// Says which stub was called.
  public var description: String { "The failing stub \"\(name)\" was called." }
}

private func describe<each Input>(_ input: repeat each Input) -> String {
  var parts: [String] = []
  for value in repeat each input { parts.append(dumped(value)) }
  return parts.joined(separator: ", ")
}

private func reportStubCall(_ name: String, arguments: String, at location: SourceLocation) {
  reportFailure(
    "The failing stub \"\(name)\" was called with (\(arguments)): this test does not expect"
      + " the service to be used. Pass a function that answers if it should be.",
    at: location)
}
