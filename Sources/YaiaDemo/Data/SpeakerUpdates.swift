import YaiaResources
import YaiaStore

/// What Home learns from the store: all speakers once, then each committed change exactly.
enum SpeakerUpdate: Equatable, Sendable {
  /// Every paired speaker (the first update).
  case all([PairedSpeaker])
  /// The speakers saved by one change, as stored now, and the addresses deleted.
  case changed(saved: [PairedSpeaker], deleted: [String])
  /// The store could not be read; why.
  case failed(LocalizedText)
}

/// The speakers, then every committed change to them, as a sequence the app's shell follows.
///
/// It subscribes to the store's change stream before the first read, so nothing committed
/// in between is missed (a change already in the first read comes again, and applying it
/// twice changes nothing). Each change reads only the rows its ids name; an id saved and then
/// deleted before the read counts as deleted.
struct SpeakerUpdates: AsyncSequence, Sendable {
  typealias Element = SpeakerUpdate

  let library: SpeakerLibrary

  func makeAsyncIterator() -> Iterator {
    Iterator(library: library, changes: library.store.changes(of: DemoSchema.Speakers.self))
  }

  /// Reads the first update, then one per change.
  struct Iterator: AsyncIteratorProtocol {
    let library: SpeakerLibrary
    var changes: AsyncStream<StoreChange<String>>.Iterator
    var started = false

    init(library: SpeakerLibrary, changes: AsyncStream<StoreChange<String>>) {
      self.library = library
      self.changes = changes.makeAsyncIterator()
    }

    mutating func next() async -> SpeakerUpdate? {
      if !started {
        started = true
        do {
          return .all(try await library.speakers())
        } catch {
          return .failed(.storeUnreadable(error.description))
        }
      }
      guard let change = await changes.next() else { return nil }
      let ids = change.inserted + change.updated
      do {
        let saved = ids.isEmpty ? [] : try await library.speakers(ids: ids)
        let found = Set(saved.map(\.id))
        return .changed(saved: saved, deleted: change.deleted + ids.filter { !found.contains($0) })
      } catch {
        return .failed(.storeChangesUnreadable(error.description))
      }
    }
  }
}
