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
/// Two readers are equal when they read the same shared value, so states that hold them still
/// compare with `==`. A test makes the shared value (`Shared(["Standup"])`) and gives the state
/// its ``Shared/reader``; ``constant(_:)`` is a reader of a value that never changes (previews).
public struct SharedReader<Value: Equatable & Sendable>: Equatable, Sendable,
  CustomStringConvertible
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

  /// Whether both read the same shared value.
  public static func == (lhs: SharedReader, rhs: SharedReader) -> Bool {
    lhs.box === rhs.box
  }

  /// `shared(…)`, with the value now.
  public var description: String { "shared(\(value))" }
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

  /// Has every live shell publish its view model again if it changed.
  static func refreshAll() {
    var live: [Entry] = []
    live.reserveCapacity(entries.count)
    for entry in entries {
      guard let shell = entry.shell else { continue }
      live.append(entry)
      shell.refreshViewModel()
    }
    entries = live
  }
}

/// What ``LiveShells`` asks of a shell: recompute its view model, and publish it if it changed.
@MainActor
protocol RefreshingViewModel: AnyObject {
  func refreshViewModel()
}
