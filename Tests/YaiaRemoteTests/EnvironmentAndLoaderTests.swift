import FlyingFox
import Foundation
import Testing
import YaiaRemote
import YaiaTesting

@Suite("Environments")
struct EnvironmentTests {
  let api = URL(string: "https://api.example.com")!
  let shared = URL(string: "https://mock.example.com")!
  var all: [RemoteEnvironment] { [.localMock(port: 8080), .sharedMock(shared), .production(api)] }

  @Test("the environment variable chooses the environment")
  func chosenByVariable() throws {
    let chosen = try RemoteEnvironment.select(
      from: all, processEnvironment: ["YAIA_ENVIRONMENT": "local-mock"], default: .production(api))
    #expect(chosen.baseURL.absoluteString == "http://127.0.0.1:8080")
    #expect(chosen.description == "local-mock (http://127.0.0.1:8080)")
  }

  @Test("without the variable, the default")
  func defaultEnvironment() throws {
    #expect(
      try RemoteEnvironment.select(from: all, processEnvironment: [:], default: .production(api))
        == .production(api))
  }

  @Test("an unknown name is an error listing the choices")
  func unknownName() {
    #expect(
      throws: RemoteEnvironmentError(
        variable: "YAIA_ENVIRONMENT", value: "staging",
        choices: ["local-mock", "shared-mock", "production"])
    ) {
      try RemoteEnvironment.select(
        from: all, processEnvironment: ["YAIA_ENVIRONMENT": "staging"], default: .production(api))
    }
    let error = RemoteEnvironmentError(
      variable: "YAIA_ENVIRONMENT", value: "staging", choices: ["local-mock", "production"])
    #expect(
      error.description
        == "YAIA_ENVIRONMENT=staging names no environment. Choose one of: local-mock, production.")
  }
}

@Suite("Cached loader for large resources")
struct ResourceLoaderTests {
  /// A server with `/images/:name`, each 100 bytes of the name's first letter, counting hits.
  static func images(
    hits: Hits, delay: Duration = .zero, arrived: AsyncStream<Void>.Continuation? = nil,
    release: Release? = nil
  ) -> (HTTPServer) async -> Void {
    { server in
      await server.appendRoute("GET /images/:name") { request in
        let name = request.path.split(separator: "/").last.map(String.init) ?? "?"
        await hits.record(name)
        arrived?.yield()
        if delay > .zero { try? await Task.sleep(for: delay) }
        await release?.wait()
        return HTTPResponse(
          statusCode: .ok, body: Data(repeating: name.utf8.first ?? 0, count: 100))
      }
    }
  }

  @Test("concurrent loads of one URL share one download")
  func coalescing() async throws {
    let hits = Hits()
    try await LoopbackServer.with(Self.images(hits: hits, delay: .milliseconds(200))) { baseURL in
      let loader = ResourceLoader(client: RemoteClient(baseURL: baseURL), capacity: 10_000)
      let url = baseURL.appending(path: "images/a")
      let results = try await withThrowingTaskGroup(of: Data.self) { group in
        for _ in 0..<10 { group.addTask { try await loader.load(url) } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(results.count == 10)
      #expect(Set(results).count == 1)
      #expect(await loader.downloads == 1)
      _ = try await loader.load(url)  // from the cache
    }
    #expect(await hits.count == 1)
  }

  @Test("the cache is bounded by bytes and evicts the least recently used")
  func eviction() async throws {
    let hits = Hits()
    try await LoopbackServer.with(Self.images(hits: hits)) { baseURL in
      let loader = ResourceLoader(client: RemoteClient(baseURL: baseURL), capacity: 250)
      func url(_ name: String) -> URL { baseURL.appending(path: "images/\(name)") }
      _ = try await loader.load(url("a"))
      _ = try await loader.load(url("b"))
      _ = try await loader.load(url("a"))  // a is now more recent than b
      _ = try await loader.load(url("c"))  // 300 bytes > 250: b goes
      #expect(await loader.cachedURLs == [url("a"), url("c")])
      #expect(await loader.cachedBytes == 200)
      _ = try await loader.load(url("b"))  // downloaded again; a is now the oldest and goes
      #expect(await loader.cachedURLs == [url("c"), url("b")])
    }
    #expect(await hits.values == ["a", "b", "c", "b"])
  }

  @Test("a resource larger than the whole cache is returned but not kept")
  func oversized() async throws {
    let hits = Hits()
    try await LoopbackServer.with(Self.images(hits: hits)) { baseURL in
      let loader = ResourceLoader(client: RemoteClient(baseURL: baseURL), capacity: 50)
      let data = try await loader.load(baseURL.appending(path: "images/big"))
      #expect(data.count == 100)
      #expect(await loader.cachedBytes == 0)
    }
  }

  @Test("when the last waiter goes away the download is cancelled; the next load starts afresh")
  func cancelOnLastWaiter() async throws {
    let hits = Hits()
    let arrived = AsyncStream.makeStream(of: Void.self)
    let release = Release()
    defer { release.open() }
    try await LoopbackServer.with(
      Self.images(hits: hits, arrived: arrived.continuation, release: release)
    ) { baseURL in
      defer { release.open() }
      let loader = ResourceLoader(client: RemoteClient(baseURL: baseURL), capacity: 10_000)
      let url = baseURL.appending(path: "images/slow")
      let first = Task { try await loader.load(url) }
      let second = Task { try await loader.load(url) }
      try #require(await firstElements(1, of: arrived.stream, timeout: .seconds(30)).count == 1)
      first.cancel()
      second.cancel()
      // Both end while the server still holds the image (released only after this).
      await #expect(throws: RemoteError.cancelled) {
        try await value(of: first, timeout: .seconds(30))
      }
      await #expect(throws: RemoteError.cancelled) {
        try await value(of: second, timeout: .seconds(30))
      }
      #expect(await loader.cachedBytes == 0)
      #expect(await loader.downloads == 1)
      // The cancelled download is gone: a new load starts a new one.
      let third = Task { try await loader.load(url) }
      try #require(await firstElements(1, of: arrived.stream, timeout: .seconds(30)).count == 1)
      #expect(await loader.downloads == 2)
      third.cancel()
      _ = try? await value(of: third, timeout: .seconds(30))
    }
    #expect(await hits.count == 2)
  }

  @Test("a failed download reaches every waiter and caches nothing")
  func failure() async throws {
    let failing = Transport { _ in YaiaRemote.HTTPResponse(status: 404, body: Data("gone".utf8)) }
    let loader = ResourceLoader(
      client: RemoteClient(baseURL: URL(string: "http://x.test")!, transport: failing),
      capacity: 1_000)
    await #expect(throws: RemoteError.self) {
      try await loader.load(URL(string: "http://x.test/a.png")!)
    }
    #expect(await loader.cachedBytes == 0)
  }
}
