#if Store  // the trait; without it, TraitRequirement.swift names it
  import Foundation
  internal import GRDB

  extension DataStore {
    /// The values a query matches now, then again each time a committed transaction changes the
    /// data it reads. Rolled-back transactions emit nothing.
    ///
    /// ```swift
    /// for await speakers in store.observe(Speakers.self, orderBy: [.ascending("nickname")]) {
    ///   shell.send(.speakersChanged(speakers))
    /// }
    /// ```
    ///
    /// A slow consumer gets the newest results, not every intermediate one. The stream finishes
    /// if the query fails (its table was dropped); stop observing by ending the loop.
    public func observe<M: StoreMapping>(
      _ mapping: M.Type, where filter: StoreFilter? = nil, orderBy sort: [StoreSort] = [],
      limit: Int? = nil
    ) -> AsyncStream<[M.Value]> {
      let context = self.context
      let observation = ValueObservation.tracking { db in
        try StoreReader(db: db, context: context).fetch(
          M.self, where: filter, orderBy: sort, limit: limit)
      }
      let (stream, continuation) = AsyncStream.makeStream(
        of: [M.Value].self, bufferingPolicy: .bufferingNewest(1))
      let cancellable = observation.start(
        in: writer,
        scheduling: .async(onQueue: DispatchQueue(label: "yaia.store.observe.\(M.table)")),
        onError: { _ in continuation.finish() },
        onChange: { continuation.yield($0) })
      continuation.onTermination = { _ in cancellable.cancel() }
      return stream
    }

    /// For each committed transaction that touched `mapping`'s table through this store, exactly
    /// which ids it inserted, updated and deleted. Rolled-back transactions report nothing.
    ///
    /// ```swift
    /// for await change in store.changes(of: Speakers.self) {
    ///   shell.send(.speakersChanged(inserted: change.inserted, updated: change.updated, deleted: change.deleted))
    /// }
    /// ```
    ///
    /// Every change is kept until read: a list screen must not miss one.
    public func changes<M: StoreMapping>(of mapping: M.Type) -> AsyncStream<StoreChange<M.ID>> {
      let (stream, continuation) = AsyncStream.makeStream(of: StoreChange<M.ID>.self)
      let token = hub.add(M.table) { raw in
        continuation.yield(
          StoreChange(
            inserted: raw.inserted.compactMap { M.ID(storeValue: StoreValue($0)) },
            updated: raw.updated.compactMap { M.ID(storeValue: StoreValue($0)) },
            deleted: raw.deleted.compactMap { M.ID(storeValue: StoreValue($0)) }))
      }
      let hub = self.hub
      continuation.onTermination = { _ in hub.remove(token, from: M.table) }
      return stream
    }
  }
#endif
