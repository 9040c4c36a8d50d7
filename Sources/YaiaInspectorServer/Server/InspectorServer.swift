import FlyingFox
import FlyingSocks
public import Foundation
import Yaia
package import YaiaInspector

/// The inspector's server (`yaia inspect`): it serves the page and receives apps' batches on
/// 127.0.0.1, behind a random token printed in its URL.
///
/// ```swift
/// let server = InspectorServer()
/// let url = try await server.start()      // http://127.0.0.1:PORT/#token=…
/// // …apps connect with Inspector.connect(to: InspectorAddress(url.absoluteString), app:)
/// await server.stop()
/// ```
///
/// Every request needs the token; requests naming another host or coming from another
/// origin are refused; a batch is read up to ``Configuration/largestBatch`` bytes. A bad batch
/// is answered with what was wrong and noted on the page; the server keeps running.
public actor InspectorServer {
  /// Where and how the server listens.
  public struct Configuration: Sendable {
    /// The port; 0 picks a free one.
    public var port: UInt16 = 0
    /// The token; `nil` makes a random one (the usual case).
    public var token: String?
    /// The largest batch read, in bytes.
    public var largestBatch = 16 << 20
    /// How long a page may go without asking for news before the server takes it for gone,
    /// and another page may watch its shell without taking it over. A page's stream asks for
    /// it every second, a page that polls every half second; a test that plays a page by hand sets it long, so a busy machine's pauses do
    /// not end its page.
    public var pageTimeout: Duration = .seconds(5)
    /// Where the inspector keeps what it took, so that a restart shows the last run's steps
    /// (`yaia inspect` keeps it in the user's state folder); `nil` keeps nothing on disk.
    public var history: URL?
    /// The most bytes of history one file holds before it is rotated (two files are kept).
    public var historyLimit = 64 << 20
    /// Whether what earlier runs kept in ``history`` is deleted at start (`yaia inspect
    /// --forget`). Done once the history is this inspector's alone, so a second inspector never
    /// deletes what a running one keeps.
    public var forgetsHistory = false

    /// A free port, a random token, batches up to 16 MiB.
    public init(port: UInt16 = 0, token: String? = nil) {
      self.port = port
      self.token = token
    }
  }

  /// The configuration.
  public let configuration: Configuration
  /// The token requests must carry.
  public nonisolated let token: String
  let hub: InspectorHub
  private var server: HTTPServer?
  private var routes: InspectorRoutes?
  private var task: Task<Void, any Error>?
  /// The page's address once started.
  public private(set) var url: URL?

  /// A server, not yet listening.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.hub = InspectorHub(pageTimeout: configuration.pageTimeout)
    self.token =
      configuration.token
      ?? (0..<4).map { _ in
        let value = UInt32.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
      }.joined()
  }

  /// What was read back from the history at start, or why the history is not kept.
  public private(set) var historyLoaded: Result<HistoryLoad, HistoryProblem>?

  /// What a start read back from the history: what `yaia inspect` says in the terminal, and
  /// the page under Problems.
  public struct HistoryLoad: Sendable, Equatable {
    /// The batches taken.
    public var batches: Int
    /// Lines skipped because they were not batches.
    public var skipped: Int
    /// Batches that could not be shown: their connection's start was rotated out before the
    /// history kept checkpoints, or too many apps at once.
    public var leftOut: Int
    /// The apps shown from a checkpoint, by name: their older steps were rotated out of the
    /// history, and their timelines start there.
    public var resumed: [String]
  }

  /// Why the inspector's history could not be read or kept, in a sentence.
  public struct HistoryProblem: Error, CustomStringConvertible {
    /// What was wrong.
    public var description: String
  }

  /// Listens on 127.0.0.1 and returns the page's URL, token included.
  ///
  /// - Throws: ``InspectorServerError/cannotListen(port:reason:)`` when the port is taken or
  ///   the address cannot be bound.
  public func start() async throws(InspectorServerError) -> URL {
    if let url { return url }
    let port = configuration.port
    let address: sockaddr_in
    do {
      address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
    } catch {
      throw .cannotListen(port: Int(port), reason: "\(error)")
    }
    var kept: InspectorHistory?
    if let file = configuration.history {
      let history = InspectorHistory(url: file, limit: configuration.historyLimit)
      do throws(InspectorHistory.Problem) {
        try history.claim()
        if configuration.forgetsHistory { try history.forget() }
        let (batches, skipped) = try history.load()
        let taken = hub.replay(batches)
        historyLoaded = .success(
          HistoryLoad(
            batches: taken, skipped: skipped, leftOut: batches.count - taken,
            resumed: hub.resumedFromHistory))
        if taken < batches.count {
          // Not silently: a connection whose first batches were rotated out, or past the
          // apps the inspector holds at once, is not shown.
          hub.noteProblem(
            "\(batches.count - taken) batches of the history in \(file.path) could not be shown "
              + "(their connection's start was let go, or too many apps at once).")
        }
        if skipped > 0 {
          hub.noteProblem(
            "\(skipped) lines of the history in \(file.path) were not batches: skipped.")
        }
        kept = history
      } catch {
        historyLoaded = .failure(HistoryProblem(description: error.description))
        hub.noteProblem("The history is not kept: \(error.description).")
      }
    }
    let routes = InspectorRoutes(
      hub: hub, token: token, largestBatch: configuration.largestBatch, history: kept)
    // A port asked for (a restart at the same address) is the gate's before the first request
    // can arrive: an app reconnecting at once must not meet a gate that knows no port yet.
    if port != 0 { routes.setPort(Int(port)) }
    let server = HTTPServer(
      config: HTTPServer.Configuration(
        address: address, timeout: 15, sharedRequestBufferSize: 64 << 10, logger: .disabled),
      handler: routes)
    let failure = Locked<String?>(nil)  // why the server's run ended, set by its task
    let failed = Signal()
    let task = Task {
      do {
        try await server.run()
      } catch {
        failure.withLock { $0 = "\(error)" }
        failed.fire()
        throw error
      }
    }
    // Wait until it listens, or its run fails (a port in use: at once), at most 30 s (a loaded
    // machine can take seconds to start a server).
    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await server.waitUntilListening(timeout: 30) }
      group.addTask { await failed.wait() }
      await group.next()
      group.cancelAll()
    }
    if await server.listeningAddress == nil {
      task.cancel()
      await server.stop(timeout: 0)
      throw .cannotListen(
        port: Int(port), reason: failure.value ?? "it did not start listening within 30 s")
    }
    guard case .ip4(_, let bound) = await server.listeningAddress,
      let url = URL(string: "http://127.0.0.1:\(bound)/#token=\(token)")
    else {
      task.cancel()
      await server.stop(timeout: 0)
      throw .cannotListen(port: Int(port), reason: "no address after listening")
    }
    routes.setPort(Int(bound))
    self.routes = routes
    self.server = server
    self.task = task
    self.url = url
    return url
  }

  /// The indexes of the steps the server holds from one app connection, in the order they
  /// arrived: how the benchmark checks that nothing was lost or reordered.
  package func stepIndexes(of session: String) -> [Int] {
    hub.snapshot.records.compactMap { record in
      guard record.session == session, case .message(.step(let step)) = record.body else {
        return nil
      }
      return step.index
    }
  }

  /// What taking `batches` costs the server's log alone (no network, no parsing): for the
  /// benchmark's breakdown of where an event's time goes.
  package static func logCost(of batches: [InspectorBatch]) -> Duration {
    let hub = InspectorHub()
    return ContinuousClock().measure {
      for batch in batches { _ = hub.receive(batch) }
    }
  }

  /// How many handshakes the server answered: for tests that wait for an app's attempts.
  package var handshakesAnswered: Int { routes?.handshakesAnswered ?? 0 }

  /// Everything the server holds, as a value: for its own tests.
  var snapshot: InspectorLog { hub.snapshot }

  /// Stops listening and closes every connection.
  public func stop() async {
    guard let server else { return }
    self.server = nil
    // The pages' streams are told to end before the connections close: one waiting for news
    // ends at once; one being written may be cut, and its browser reconnects either way.
    routes?.endStreams()
    await server.stop(timeout: 0)
    task?.cancel()
    task = nil
    url = nil
    routes?.closeHistory()
    routes = nil
  }

}

/// Why the inspector could not start.
public enum InspectorServerError: Error, Equatable, CustomStringConvertible {
  /// The address could not be bound.
  case cannotListen(port: Int, reason: String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .cannotListen(let port, let reason):
      "The inspector cannot listen on 127.0.0.1:\(port): \(reason)."
    }
  }
}
