import Foundation

/// Why a journal file could not be read or replayed.
public enum InspectorJournalError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(String, reason: String)
  /// The file is not an inspector journal.
  case notAJournal(String)
  /// The file is a journal of another version.
  case unsupportedVersion(Int, supported: Int)
  /// The journal cannot be replayed.
  case notReplayable(String)
  /// A step's event does not decode as the state's event type.
  case eventUnreadable(step: Int, reason: String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "Cannot read journal \(path): \(reason)."
    case .notAJournal(let reason): "Not a Yaia Inspector journal: \(reason)."
    case .unsupportedVersion(let version, let supported):
      "Journal version \(version) is not supported; this library reads version \(supported)."
    case .notReplayable(let reason): "The journal cannot be replayed: \(reason)."
    case .eventUnreadable(let step, let reason):
      "The event of step \(step) does not decode: \(reason)."
    }
  }
}
