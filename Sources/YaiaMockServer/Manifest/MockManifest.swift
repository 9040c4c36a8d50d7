#if MockServer  // the trait; without it, TraitRequirement.swift names it
  public import Foundation
  import Yaia

  /// The routes of a fixtures folder, read from its manifest: YAML, or JSON (which is YAML too).
  ///
  /// ```yaml
  /// routes:
  ///   - method: GET
  ///     path: /latest
  ///     query: { base: USD }
  ///     response: { file: rates/latest.json }
  ///     scenarios:
  ///       server-error: { status: 500, json: { error: down } }
  ///       flaky:
  ///         sequence: [{ status: 503 }, { status: 503 }, { file: rates/latest.json }]
  ///   - method: POST
  ///     path: /login
  ///     body: { user: ada }                       # JSON body fields, by key path
  ///     response: { json: { token: t1 }, delay: 200ms }
  ///     sets-state: session=logged-in
  /// states: { session: logged-out }               # where each state machine starts
  /// ```
  ///
  /// A route's `query` names items a request must have; other items are allowed, unless the
  /// route says `exact-query: true` (nothing more) or `exact-query: [api_key]` (nothing more
  /// but these, each present with any value), as recorded routes do. Its `credential` says
  /// what credential a request must carry (``MockRoute/Credential``): `none`, `sent`, or the
  /// fingerprints a recording wrote with the manifest's top-level `credential-salt`.
  ///
  /// A response takes `status` (200), `headers`, one body (`body` text, `json` value, or `file`
  /// in the folder), `delay` (`300ms`, `2s`, or a range `100ms...500ms`), `fault`
  /// (`malformed-json`, `empty-body`, `truncated-body` or `close-mid-body`, `close-connection`,
  /// `reset-connection`, `malformed-response`, or `trickle: { bytes: 10, interval: 50ms }`), and
  /// `template: true` to fill ``ResponseTemplate`` placeholders from each request, and
  /// `off-contract: true` for an answer that breaks the API's description on purpose (a contract
  /// check leaves it out). Every problem
  /// is reported with the manifest's file and line, before the server starts.
  public struct MockManifest: Sendable {
    /// The routes, in the order they are tried.
    public var routes: [MockRoute]
    /// The state each machine starts in (`states: { cart: empty }`).
    public var initialStates: [String: String]
    /// The line of each route in the manifest, in the order of ``routes`` (0 when unknown):
    /// what a contract check names.
    public var routeLines: [Int]

    /// A manifest of `routes`, its machines starting in `initialStates`.
    public init(
      routes: [MockRoute], initialStates: [String: String] = [:], routeLines: [Int] = []
    ) {
      self.routes = routes
      self.initialStates = initialStates
      self.routeLines =
        routeLines + Array(repeating: 0, count: max(0, routes.count - routeLines.count))
    }

    /// The names a fixtures folder's manifest may have, in the order they are looked for.
    public static let fileNames = ["manifest.yaml", "manifest.yml", "manifest.json"]

    /// The manifest file of the fixtures folder `folder`: the first of ``fileNames`` there.
    ///
    /// - Throws: ``MockServerError/missingManifest(folder:)`` when there is none.
    public static func file(in folder: URL) throws(MockServerError) -> URL {
      for name in fileNames {
        let file = folder.appending(path: name)
        if FileManager.default.fileExists(atPath: file.path) { return file }
      }
      throw .missingManifest(folder: folder.path)
    }

    /// Reads the manifest of the fixtures folder `folder` (see ``file(in:)``).
    public static func load(folder: URL) throws(MockServerError) -> MockManifest {
      try load(from: try file(in: folder))
    }

    /// The largest manifest read: 16 MiB.
    public static let largestFile = 16 << 20

    /// Reads the manifest at `file`; fixture files are looked up in its folder, unless
    /// `checkingFixtures` is false (a contract check reports a missing one as a problem).
    public static func load(from file: URL, checkingFixtures: Bool = true) throws(MockServerError)
      -> MockManifest
    {
      let read: [UInt8]?
      do {
        read = try OutsideFile.read(file.path, atMost: largestFile)
      } catch {
        // A device or FIFO is named as what it is, not as "cannot be read".
        throw .brokenManifest(file: file.path, line: 0, reason: error.description)
      }
      guard let read else {
        throw .brokenManifest(file: file.path, line: 0, reason: "cannot be read (no such file)")
      }
      guard let text = String(validating: read, as: UTF8.self) else {
        throw .brokenManifest(file: file.path, line: 0, reason: "cannot be read as UTF-8 text")
      }
      return try parse(
        text, file: file.path, fixtures: checkingFixtures ? file.deletingLastPathComponent() : nil)
    }

    /// Parses manifest `text`; `file` names it in errors, `fixtures` is where files are checked.
    public static func parse(_ text: String, file: String, fixtures: URL?) throws(MockServerError)
      -> MockManifest
    {
      var reader = ManifestReader(file: file, fixtures: fixtures)
      return try reader.manifest(in: text)
    }
  }
#endif
