import YaiaStore

/// The app's data worker: reads and writes paired speakers and the app's memory on the store,
/// and broadcasts every change to the speakers. Features never see the store; the shell calls
/// these functions and sends the results to the features as events.
struct SpeakerLibrary: Sendable {
  /// The store underneath.
  let store: DataStore

  /// Opens (creating or migrating) the library in `folder`.
  static func open(in folder: DataFolder) throws(StoreError) -> SpeakerLibrary {
    SpeakerLibrary(
      store: try DataStore.open(at: folder.database, migrations: DemoSchema.migrations))
  }

  /// All paired speakers, by nickname.
  func speakers() async throws(StoreError) -> [PairedSpeaker] {
    try await store.fetch(
      DemoSchema.Speakers.self, orderBy: [.ascending("nickname"), .ascending("id")])
  }

  /// The speaker with address `id`, if paired.
  func speaker(id: String) async throws(StoreError) -> PairedSpeaker? {
    try await store.fetch(DemoSchema.Speakers.self, id: id)
  }

  /// The speaker to reconnect at launch: the last one paired, or, if it was deleted since,
  /// the first other one; `nil` when none is paired.
  func speakerToReconnect() async throws(StoreError) -> PairedSpeaker? {
    if let last = try await memory().lastSpeakerID, let speaker = try await speaker(id: last) {
      return speaker
    }
    return try await speakers().first
  }

  /// Saves `speaker` (new or renamed) and makes it the one to reconnect, in one transaction.
  func save(_ speaker: PairedSpeaker) async throws(StoreError) {
    try await store.transaction { tx in
      try tx.upsert([speaker], as: DemoSchema.Speakers.self)
      var memory = try tx.fetch(DemoSchema.Memory.self, id: "app") ?? AppMemory()
      memory.lastSpeakerID = speaker.id
      try tx.upsert([memory], as: DemoSchema.Memory.self)
    }
  }

  /// Renames the speaker with address `id`; `false` if it is not paired (any more).
  func rename(id: String, to nickname: String) async throws(StoreError) -> Bool {
    try await store.transaction { tx in
      guard var speaker = try tx.fetch(DemoSchema.Speakers.self, id: id) else { return false }
      speaker.nickname = nickname
      try tx.upsert([speaker], as: DemoSchema.Speakers.self)
      return true
    }
  }

  /// Forgets the speaker with address `id`.
  func delete(id: String) async throws(StoreError) {
    try await store.delete(DemoSchema.Speakers.self, ids: [id])
  }

  /// The speakers, then every committed change to them: the rows saved, read again by their
  /// ids alone, and the ids deleted. What Home is fed.
  func updates() -> SpeakerUpdates {
    SpeakerUpdates(library: self)
  }

  /// The speakers with these addresses that are stored.
  func speakers(ids: [String]) async throws(StoreError) -> [PairedSpeaker] {
    try await store.fetch(DemoSchema.Speakers.self, ids: ids)
  }

  /// Returns once every write already sent to the store has committed (the store writes one
  /// transaction at a time, in order): the app calls it before quitting, so a save the user
  /// just confirmed is not cancelled half-way.
  func flush() async throws(StoreError) {
    try await store.transaction { _ in }
  }

  /// What the app remembers.
  func memory() async throws(StoreError) -> AppMemory {
    try await store.fetch(DemoSchema.Memory.self, id: "app") ?? AppMemory()
  }

  /// Changes what the app remembers, atomically.
  func remember(_ change: @escaping @Sendable (inout AppMemory) -> Void)
    async throws(StoreError)
  {
    try await store.transaction { tx in
      var memory = try tx.fetch(DemoSchema.Memory.self, id: "app") ?? AppMemory()
      change(&memory)
      try tx.upsert([memory], as: DemoSchema.Memory.self)
    }
  }
}
