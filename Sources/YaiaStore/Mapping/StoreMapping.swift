#if Store  // the trait; without it, TraitRequirement.swift names it
  /// How a plain value is stored: its table, its primary key column, and its id. Declared once,
  /// in the data layer; the value itself adopts nothing but `Codable`.
  ///
  /// ```swift
  /// struct Speaker: Codable, Equatable, Sendable {   // a feature value: no storage types
  ///   var id: String
  ///   var nickname: String
  ///   var pairedAt: Date
  ///   var lastSignal: Int?
  ///   var settings: Settings                          // nested: stored as JSON text
  /// }
  ///
  /// enum Speakers: StoreMapping {                     // the data layer's declaration
  ///   static let table = "speakers"
  ///   static func id(of speaker: Speaker) -> String { speaker.id }
  /// }
  /// ```
  ///
  /// Columns are the value's coding keys; the table must have one column per key (a migration
  /// creates it). Nested values are stored as JSON text, dates as sortable text
  /// (`2026-11-22 09:30:00.000`), optionals as `NULL`.
  public protocol StoreMapping: Sendable {
    /// The plain value feature logic sees.
    associatedtype Value: Codable & Sendable
    /// Its id: a `String`, an `Int`, a `UUID`, or a type of your own that adopts ``StoreID``.
    associatedtype ID: StoreID

    /// The table the values live in.
    static var table: String { get }
    /// The primary key column; `id` unless said otherwise.
    static var primaryKey: String { get }
    /// The id of a value: what the primary key column holds.
    static func id(of value: Value) -> ID
  }

  extension StoreMapping {
    /// `id`.
    public static var primaryKey: String { "id" }
  }
#endif
