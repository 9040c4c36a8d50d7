/// An ordered collection of child states keyed by id: the rows of a list, each a feature of
/// its own.
///
/// A parent keeps its rows in one, forwards each row's events with
/// ``ShellState/handle(_:for:in:lift:)``, and lifts their view models with ``viewModels``.
/// In the shell, ``ShellEffects/scope(_:id:_:)`` scopes each row's work to its id, and a row's
/// work is cancelled when the row is removed. `RowAnimations(from:to:)`
/// turns two versions of the collection into table updates.
///
/// ```swift
/// var rows = KeyedChildren<Download.ID, DownloadState>()
/// rows.append(DownloadState(file), id: file.id)
/// rows[id: file.id] = nil                        // removes it (and, in a shell, its work)
/// ```
public struct KeyedChildren<ID: Hashable, Child> {
  /// The ids, in order.
  public private(set) var ids: [ID] = []
  private var children: [ID: Child] = [:]

  /// An empty collection.
  public init() {}

  /// A collection of `children`, each under the id `id` gives it. A later child with an id
  /// already used replaces the earlier one in place.
  public init(_ children: some Sequence<Child>, id: (Child) -> ID) {
    for child in children { self[id: id(child)] = child }
  }

  /// The child under `id`, or `nil`. Setting a child under a new id appends it; setting `nil`
  /// removes the child.
  public subscript(id id: ID) -> Child? {
    get { children[id] }
    set {
      switch (children[id] != nil, newValue) {
      case (true, .some(let child)): children[id] = child
      case (false, .some(let child)):
        ids.append(id)
        children[id] = child
      case (true, .none): remove(id: id)
      case (false, .none): break
      }
    }
  }

  /// Appends `child` under `id`, or replaces the child already under `id` in place.
  public mutating func append(_ child: Child, id: ID) {
    self[id: id] = child
  }

  /// Inserts `child` under `id` at `index` (clamped to the collection), moving it there if
  /// the id is already present.
  public mutating func insert(_ child: Child, id: ID, at index: Int) {
    if children[id] != nil { ids.removeAll { $0 == id } }
    ids.insert(id, at: Swift.min(Swift.max(index, 0), ids.count))
    children[id] = child
  }

  /// Removes the child under `id` and returns it, or `nil` if there was none.
  @discardableResult
  public mutating func remove(id: ID) -> Child? {
    guard let child = children.removeValue(forKey: id) else { return nil }
    ids.removeAll { $0 == id }
    return child
  }

  /// Removes the children at `offsets` (positions, 0 first; out-of-range and repeated ones
  /// are ignored) and returns their ids in order: what a list's swipe-to-delete hands over.
  @discardableResult
  public mutating func remove(atOffsets offsets: some Sequence<Int>) -> [ID] {
    let doomed = Set(offsets.filter { ids.indices.contains($0) })
    let removed = ids.indices.filter(doomed.contains).map { ids[$0] }
    for id in removed { children[id] = nil }
    ids = ids.indices.filter { !doomed.contains($0) }.map { ids[$0] }
    return removed
  }

  /// Moves the children at `offsets` so that they sit, in their order, before the child that
  /// was at `destination` (`count` for the end): what a list's drag-to-reorder hands over,
  /// with the same meaning as SwiftUI's `onMove`. Out-of-range offsets are ignored and
  /// `destination` is clamped.
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(offsets.filter { ids.indices.contains($0) })
    guard !moving.isEmpty else { return }
    let target = Swift.min(Swift.max(destination, 0), ids.count)
    let before = ids[..<target].indices.filter { !moving.contains($0) }.map { ids[$0] }
    let after = ids[target...].indices.filter { !moving.contains($0) }.map { ids[$0] }
    let moved = ids.indices.filter(moving.contains).map { ids[$0] }
    ids = before + moved + after
  }

  /// Reorders the children by `areInIncreasingOrder`, keeping equal ones in their order.
  public mutating func sort(by areInIncreasingOrder: (Child, Child) throws -> Bool) rethrows {
    let order = try ids.enumerated().sorted { lhs, rhs in
      let (left, right) = (children[lhs.element]!, children[rhs.element]!)
      if try areInIncreasingOrder(left, right) { return true }
      if try areInIncreasingOrder(right, left) { return false }
      return lhs.offset < rhs.offset
    }
    ids = order.map(\.element)
  }
}

extension KeyedChildren where Child: Identifiable, Child.ID == ID {
  /// A collection of identifiable children, each under its own id.
  public init(_ children: some Sequence<Child>) {
    self.init(children, id: \.id)
  }

  /// Appends `child` under its id, or replaces the child with that id in place.
  public mutating func append(_ child: Child) {
    self[id: child.id] = child
  }
}

extension KeyedChildren: RandomAccessCollection {
  /// The position of the first child.
  public var startIndex: Int { 0 }
  /// The position after the last child.
  public var endIndex: Int { ids.count }
  /// The child at `position`, with its id.
  public subscript(position: Int) -> (id: ID, state: Child) {
    let id = ids[position]
    return (id, children[id]!)
  }
}

extension KeyedChildren: Equatable where Child: Equatable {
  /// Whether both hold the same children under the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.children == rhs.children
  }
}

extension KeyedChildren: Hashable where Child: Hashable {
  /// Hashes the ids in order and each child.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    for id in ids { hasher.combine(children[id]) }
  }
}

extension KeyedChildren: Sendable where ID: Sendable, Child: Sendable {}

extension KeyedChildren where Child: ShellState {
  /// The children's view models, in order, each with its child's id: what a list screen
  /// draws, and what ``RowAnimations`` compares.
  public var viewModels: [ChildViewModel<ID, Child.ViewModel>] {
    ids.map { ChildViewModel(id: $0, viewModel: children[$0]!.viewModel) }
  }
}

/// One child's view model with its id: a row of a list of child features.
public struct ChildViewModel<ID: Hashable, ViewModel: Equatable>: Identifiable, Equatable {
  /// The child's id in its ``KeyedChildren``.
  public let id: ID
  /// The child's view model.
  public let viewModel: ViewModel

  /// A row for the child under `id` showing `viewModel`.
  public init(id: ID, viewModel: ViewModel) {
    self.id = id
    self.viewModel = viewModel
  }
}

extension ChildViewModel: Sendable where ID: Sendable, ViewModel: Sendable {}
extension ChildViewModel: Hashable where ViewModel: Hashable {}

extension RowAnimations {
  /// The table updates that turn the rows of `old` into those of `new`: rows are matched by
  /// id and reloaded when their child's view model changed.
  public init<ID: Hashable, Child: ShellState>(
    from old: KeyedChildren<ID, Child>, to new: KeyedChildren<ID, Child>
  ) {
    self.init(from: old.viewModels, to: new.viewModels)
  }
}
