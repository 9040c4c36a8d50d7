#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation

  /// `name` as an SQL identifier: double-quoted, inner quotes doubled.
  func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
#endif
