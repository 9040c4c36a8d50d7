public import Foundation

/// Loads large resources (images, files) by URL through a client, keeps them in a cache
/// bounded by total bytes, and downloads each URL once however many ask for it at once: the
/// seed's image provider.
///
/// ```swift
/// let images = ResourceLoader(client: client, capacity: 50 * 1024 * 1024)
/// cell.image = UIImage(data: try await images.load(url))
/// ```
///
/// - The cache evicts the least recently used resources until the total fits the capacity;
///   a resource larger than the whole capacity is returned but not cached.
/// - Concurrent loads of one URL share one download. When every caller waiting for it has
///   been cancelled, the download is cancelled too.
public actor ResourceLoader {
  private struct Entry {
    let data: Data
    var lastUse: UInt64
  }

  private struct Flight {
    let id: UInt64
    let task: Task<Void, Never>
    var waiters: [UInt64: CheckedContinuation<Data, any Error>]
  }

  /// The most bytes the cache holds.
  public let capacity: Int
  private let client: RemoteClient
  private var entries: [URL: Entry] = [:]
  private var flights: [URL: Flight] = [:]
  private var clock: UInt64 = 0
  private(set) var downloadCount = 0

  /// The bytes cached now.
  public private(set) var cachedBytes = 0

  /// A loader that downloads through `client` and caches up to `capacity` bytes.
  public init(client: RemoteClient, capacity: Int) {
    self.client = client
    self.capacity = max(0, capacity)
  }

  /// The cached URLs, least recently used first.
  public var cachedURLs: [URL] {
    entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
  }

  /// How many downloads started: a number for tests and diagnostics.
  public var downloads: Int { downloadCount }

  /// The resource at `url`, from the cache or downloaded once for all concurrent callers.
  public func load(_ url: URL) async throws(RemoteError) -> Data {
    clock += 1
    if var entry = entries[url] {
      entry.lastUse = clock
      entries[url] = entry
      return entry.data
    }
    let waiter = clock
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          join(url, waiter: waiter, continuation: continuation)
        }
      } onCancel: {
        Task { await self.leave(url, waiter: waiter) }
      }
    } catch let error as RemoteError {
      throw error
    } catch {
      throw .cancelled
    }
  }

  private func join(
    _ url: URL, waiter: UInt64, continuation: CheckedContinuation<Data, any Error>
  ) {
    if Task.isCancelled {
      continuation.resume(throwing: RemoteError.cancelled)
      return
    }
    if flights[url] != nil {
      flights[url]?.waiters[waiter] = continuation
      return
    }
    downloadCount += 1
    let id = waiter
    let client = self.client
    let task = Task {
      let result = await client.result(Request.raw(.get, Endpoint(url: url)))
      self.finish(url, flight: id, with: result)
    }
    flights[url] = Flight(id: id, task: task, waiters: [waiter: continuation])
  }

  /// A caller went away: it gets `.cancelled`; the download stops if nobody else waits.
  private func leave(_ url: URL, waiter: UInt64) {
    guard let continuation = flights[url]?.waiters.removeValue(forKey: waiter) else { return }
    continuation.resume(throwing: RemoteError.cancelled)
    if let flight = flights[url], flight.waiters.isEmpty {
      flight.task.cancel()
      flights[url] = nil
    }
  }

  private func finish(_ url: URL, flight id: UInt64, with result: Result<Data, RemoteError>) {
    guard let flight = flights[url], flight.id == id else { return }  // cancelled and replaced
    flights[url] = nil
    if case .success(let data) = result { store(data, for: url) }
    for continuation in flight.waiters.values {
      continuation.resume(with: result.mapError { $0 })
    }
  }

  private func store(_ data: Data, for url: URL) {
    guard data.count <= capacity else { return }
    clock += 1
    if let old = entries[url] { cachedBytes -= old.data.count }
    entries[url] = Entry(data: data, lastUse: clock)
    cachedBytes += data.count
    while cachedBytes > capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      entries[oldest.key] = nil
      cachedBytes -= oldest.value.data.count
    }
  }

  /// Empties the cache (downloads in flight go on).
  public func removeAll() {
    entries.removeAll()
    cachedBytes = 0
  }
}
