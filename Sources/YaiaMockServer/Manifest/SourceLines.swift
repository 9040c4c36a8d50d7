#if MockServer  // the trait; without it, TraitRequirement.swift names it
  /// Where a response was written in its manifest: its own line, its `status`, and its inline
  /// body, so that a contract problem points at what is wrong, not at the route's first line.
  ///
  /// Not part of a response's value: two responses that answer alike are equal wherever they
  /// were written, so every instance compares equal and hashes to nothing.
  package struct SourceLines: Hashable, Sendable {
    /// The response's line; 0 when it was not read from a manifest.
    package var response = 0
    /// The line of its `status`; the response's when it names none.
    package var status = 0
    /// The line of its inline `body` or `json`, or of its `file`.
    package var body = 0

    package init() {}

    package static func == (lhs: SourceLines, rhs: SourceLines) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
  }
#endif
