#if Store  // the trait; without it, TraitRequirement.swift names it
  internal import GRDB

  /// Text holding a NUL character (U+0000) is refused, never stored or looked up cut.
  ///
  /// GRDB hands Swift strings to SQLite's C API as NUL-terminated text, so `"a\u{0}b"` would be
  /// stored, compared or deleted as `"a"`: a value would lose its end and two ids that differ
  /// after a NUL would collide, silently. Rather than change what a query means, the store
  /// refuses such text with ``StoreError/encoding(table:detail:)`` naming where it was; all
  /// other text round-trips exactly (combining marks, emoji, control characters included).
  enum TextWithNUL {
    /// Whether `value` is text holding U+0000.
    static func holdsNUL(_ value: DatabaseValue) -> Bool {
      guard case .string(let text) = value.storage else { return false }
      return text.utf8.contains(0)
    }

    /// Throws if any of `values` is text holding U+0000; `place(index)` says where it was.
    static func refuse(
      _ values: [DatabaseValue], table: String, place: (Int) -> String
    ) throws(StoreError) {
      guard let index = values.firstIndex(where: holdsNUL) else { return }
      throw .encoding(
        table: table,
        detail: "\(place(index)) holds text with a NUL character (U+0000), which SQLite would cut"
          + " it at; remove it, or store the bytes as Data")
    }
  }
#endif
