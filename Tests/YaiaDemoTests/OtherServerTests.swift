import Foundation
import Testing
import YaiaDemo

@Suite("yaia demo --server")
struct OtherServerTests {
  @Test("--server points the app at another server: the requests reach it")
  func otherServer() async throws {
    let folder = try EndToEndTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (server, url) = try await DemoBackend.start()
    let run = try await EndToEndTests.demo(
      ["--server", url.absoluteString],
      script: """
        wait Log in
        type ada
        key tab
        type swordfish
        key enter
        wait Tutorial
        """, in: folder)
    let paths = await server.journal().map(\.request.path)
    await server.stop()
    #expect(run.status == 0, "\(run.errors)\n\(run.output.suffix(2000))")
    #expect(paths.contains("/app/version-check"))
    #expect(paths.contains("/configuration"))
    #expect(paths.contains("/auth/login"))
  }
}
