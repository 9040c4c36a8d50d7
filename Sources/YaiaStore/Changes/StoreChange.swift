#if Store  // the trait; without it, TraitRequirement.swift names it
  /// What one committed transaction did to one stored type: exactly which ids were inserted,
  /// updated (with different values) and deleted.
  ///
  /// A list screen turns these into row animations. Upserting a value identical to the stored
  /// one is not an update, so it causes no reload.
  public struct StoreChange<ID: Hashable & Sendable>: Equatable, Sendable {
    /// Ids stored for the first time.
    public var inserted: [ID]
    /// Ids whose stored values changed.
    public var updated: [ID]
    /// Ids removed.
    public var deleted: [ID]

    /// Creates a change.
    public init(inserted: [ID] = [], updated: [ID] = [], deleted: [ID] = []) {
      self.inserted = inserted
      self.updated = updated
      self.deleted = deleted
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
  }
#endif
