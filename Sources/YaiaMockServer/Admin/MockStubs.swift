#if MockServer  // the trait; without it, TraitRequirement.swift names it
  package import Foundation
  import Yaia

  /// The changes a test made to a running server's routes through the admin API, as a value:
  /// stubs it added, routes it replaced, routes it removed. They live in memory only: the
  /// manifest on disk is never written, a reload of it keeps them, and
  /// `DELETE /__yaia/stubs` puts the routes back as the manifest has them.
  ///
  /// An added stub is tried before every manifest route, the newest first, so a test can
  /// override an answer for one case (`POST /login` failing) without knowing the manifest's
  /// order. A replaced route keeps its place; a removed one is skipped.
  package struct MockStubs: Equatable, Sendable {
    /// A route the admin API was given, with the JSON it was given as: what
    /// `GET /__yaia/stubs` hands back, a manifest fragment a tester may save.
    package struct Stub: Equatable, Sendable {
      package var route: MockRoute
      package var source: Data

      /// A stub of `route`, given as `source`.
      package init(route: MockRoute, source: Data) {
        self.route = route
        self.source = source
      }
    }

    /// Why a change was refused.
    package enum Refusal: Error, Equatable {
      /// A route of that name is already there (409).
      case nameTaken(String)
      /// No route of that name (404).
      case noSuchRoute(String)
      /// Past ``mostStubs`` (507).
      case tooMany
      /// More than one manifest route has that name (409): which one is meant cannot be told.
      case ambiguous(String, count: Int)
    }

    /// The most stubs added and replaced at run time, together: a test suite that adds one
    /// per test and never cleans up finds out, instead of slowing every request by a list
    /// that only grows.
    package static let mostStubs = 1_000

    /// Stubs added, newest first.
    package private(set) var added: [Stub] = []
    /// Manifest routes replaced, by name.
    package private(set) var replaced: [String: Stub] = [:]
    /// Manifest routes removed, by name.
    package private(set) var removed: Set<String> = []

    /// No changes: the routes as the server was given them.
    package init() {}

    /// Whether nothing was changed.
    package var isEmpty: Bool { added.isEmpty && replaced.isEmpty && removed.isEmpty }

    /// The routes a server tries, given the manifest's `base` routes.
    package func routes(over base: [MockRoute]) -> [MockRoute] {
      added.map(\.route)
        + base.compactMap { route in
          removed.contains(route.name) ? nil : (replaced[route.name]?.route ?? route)
        }
    }

    /// Whether the route named `name` came from the admin API.
    package func isStub(_ name: String) -> Bool {
      replaced[name] != nil || added.contains { $0.route.name == name }
    }

    /// Adds `stub`, tried before every other route.
    package mutating func add(_ stub: Stub, base: [MockRoute]) throws(Refusal) {
      guard !routes(over: base).contains(where: { $0.name == stub.route.name }) else {
        throw .nameTaken(stub.route.name)
      }
      guard added.count + replaced.count < Self.mostStubs else { throw .tooMany }
      added.insert(stub, at: 0)
    }

    /// Puts `stub` in the place of the route of the same name, a stub or a manifest route.
    package mutating func replace(_ stub: Stub, base: [MockRoute]) throws(Refusal) {
      let name = stub.route.name
      if let index = added.firstIndex(where: { $0.route.name == name }) {
        added[index] = stub
      } else if base.contains(where: { $0.name == name }), !removed.contains(name) {
        try Self.unique(name, in: base)
        guard replaced[name] != nil || added.count + replaced.count < Self.mostStubs else {
          throw .tooMany
        }
        replaced[name] = stub
      } else {
        throw .noSuchRoute(name)
      }
    }

    /// Refuses a name more than one manifest route has (two recorded `GET /items` routes told
    /// apart by their queries): changing all of them at once is never what a test means.
    private static func unique(_ name: String, in base: [MockRoute]) throws(Refusal) {
      let count = base.count { $0.name == name }
      if count > 1 { throw .ambiguous(name, count: count) }
    }

    /// Removes the route named `name`, a stub or a manifest route.
    package mutating func remove(_ name: String, base: [MockRoute]) throws(Refusal) {
      if let index = added.firstIndex(where: { $0.route.name == name }) {
        added.remove(at: index)
      } else if base.contains(where: { $0.name == name }), !removed.contains(name) {
        try Self.unique(name, in: base)
        replaced[name] = nil
        removed.insert(name)
      } else {
        throw .noSuchRoute(name)
      }
    }
  }
#endif
