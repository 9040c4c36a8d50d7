import ArgumentParser

/// `yaia mock-server`: serves fixtures or an OpenAPI description (`serve`, the default), checks
/// fixtures against a description (`check`), records a real backend (`record`).
struct MockServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mock-server",
    abstract: "Serve, check and record a mock HTTP API.",
    subcommands: [MockServeCommand.self, MockCheckCommand.self, MockRecordCommand.self],
    defaultSubcommand: MockServeCommand.self)
}
