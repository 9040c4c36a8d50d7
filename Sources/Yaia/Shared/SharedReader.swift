/// A ``Shared`` value as a state reads it: held in the state like any value, read with
/// ``value``, always the shared value's newest. Every screen that shows the value holds a reader
/// and reads it; no parent forwards changes, and no state hears an echo of its own write.
///
/// ```swift
/// struct MeetingDetail: ScreenState {
///   var meetings: SharedReader<[Meeting]>          // given once, when the screen is made
///   var id: Meeting.ID
///   var viewModel: String { meetings.value.first { $0.id == id }?.title ?? "Deleted" }
/// }
/// path.push(MeetingDetail(meetings: meetings, id: meeting.id))   // the parent passes its reader
/// ```
///
/// A state changes the value as it does any I/O: it returns a command, and its shell calls
/// ``Shared/set(_:)``. When the value changes, every live ``Shell`` publishes its view model
/// again (if it changed): the screens that read the value show the new one at once, with no
/// event. `handle` reads the newest value too, so what a state decides and what it shows never
/// disagree.
///
/// A reader is a value: two readers are equal when their values are (two readers of one
/// ``Shared`` always are), a test diff shows the value, and a state that holds readers compares
/// with `==`. A view model that holds a reader (a state that is its own view model) is published
/// again when the value changes, although it compares equal to the one shown: its shell finds
/// the reader in it. A test makes the shared value (`Shared(["Standup"])`) and gives the state
/// its ``Shared/reader``; ``constant(_:)`` is a reader of a value that never changes (previews).
public struct SharedReader<Value: Equatable & Sendable>: Equatable, Sendable,
  CustomStringConvertible, CustomReflectable
{
  /// Where the newest value is, behind a lock: written by ``Shared`` on the main actor, read by
  /// states wherever they run.
  let box: SharedBox<Value>

  init(box: SharedBox<Value>) {
    self.box = box
  }

  /// A reader of `value`, which never changes: for previews and tests that need no
  /// ``Shared``.
  public static func constant(_ value: Value) -> SharedReader {
    SharedReader(box: SharedBox(value))
  }

  /// The shared value now.
  public var value: Value { box.value.withLock { $0 } }

  /// Whether both read equal values now (two readers of one ``Shared`` always do).
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    lhs.box === rhs.box || lhs.value == rhs.value
  }

  /// `shared(…)`, with the value now.
  public var description: String { "shared(\(value))" }

  /// The value now, as a dump and a test diff show it: two readers that differ show how their
  /// values differ.
  public var customMirror: Mirror { Mirror(self, children: ["value": value as Any]) }
}

extension SharedReader: SharedReading {
  var sharedBox: ObjectIdentifier { ObjectIdentifier(box) }
}

/// A ``SharedReader`` of any value: what a shell looks for in a view model when a shared value
/// changed.
protocol SharedReading {
  /// The shared value it reads.
  var sharedBox: ObjectIdentifier { get }
}

/// Finds the readers a value holds, through its mirror: a view model that holds a reader of a
/// changed value must be published again, although it compares equal to the one shown (both read
/// the newest value).
enum HeldReaders {
  /// How far into a value the search goes, in levels and in values looked at: a view model is
  /// small; a huge one is not searched to its end (its shell may then miss a republish, never
  /// hang).
  static let depthLimit = 16
  static let countLimit = 20_000

  /// Whether `value` holds a reader of one of `boxes`.
  static func holds(_ value: Any, anyOf boxes: Set<ObjectIdentifier>) -> Bool {
    var budget = countLimit
    return search(value, boxes, depth: 0, budget: &budget)
  }

  private static func search(
    _ value: Any, _ boxes: Set<ObjectIdentifier>, depth: Int, budget: inout Int
  ) -> Bool {
    budget -= 1
    guard budget >= 0 else { return false }
    if let reader = value as? any SharedReading { return boxes.contains(reader.sharedBox) }
    guard depth < depthLimit else { return false }
    for child in Mirror(reflecting: value).children {
      if search(child.value, boxes, depth: depth + 1, budget: &budget) { return true }
    }
    return false
  }
}

/// The newest value of one ``Shared``, behind a lock, for its readers.
final class SharedBox<Value: Sendable>: Sendable {
  let value: Locked<Value>

  init(_ value: Value) {
    self.value = Locked(value)
  }
}

/// The shells alive now, so that a change of any ``Shared`` value republishes the view models
/// that read it through a ``SharedReader``: held weakly, pruned as shells go.
@MainActor
enum LiveShells {
  /// A shell, held weakly.
  struct Entry {
    weak var shell: (any RefreshingViewModel)?
  }

  private static var entries: [Entry] = []
  private static var pruneAt = 64

  /// Keeps `shell` for refreshes while it lives.
  static func add(_ shell: any RefreshingViewModel) {
    entries.append(Entry(shell: shell))
    if entries.count >= pruneAt {
      entries.removeAll { $0.shell == nil }
      pruneAt = Swift.max(64, entries.count * 2)
    }
  }

  /// Has every live shell publish its view model again if it changed, or if it holds a reader
  /// of `changed`.
  static func refreshAll(changed: ObjectIdentifier) {
    var live: [Entry] = []
    live.reserveCapacity(entries.count)
    for entry in entries {
      guard let shell = entry.shell else { continue }
      live.append(entry)
      shell.refreshViewModel(changed: changed)
    }
    entries = live
  }
}

/// What ``LiveShells`` asks of a shell: recompute its view model, and publish it if it changed
/// or holds a reader of the changed value.
@MainActor
protocol RefreshingViewModel: AnyObject {
  func refreshViewModel(changed: ObjectIdentifier)
}
