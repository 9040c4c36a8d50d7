import Foundation
import PackagePlugin

/// `swift package yaia-lint [ARGUMENTS…]`: runs `yaia-lint` (what `yaia lint` runs) on the package (or on the paths
/// given), with the package's `.yaia-lint.yml` if it has one.
/// Its exit status is yaia lint's: 0 clean, 1 findings at error level, 2 a usage error.
@main
struct YaiaLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    // The executable target's tool: named for the target in a plugin's context.
    let tool = try context.tool(named: "YaiaLintTool")
    let root = context.package.directoryURL
    var lintArguments: [String] = []
    let givesPaths = arguments.contains { !$0.hasPrefix("-") }
    if !arguments.contains("--config"),
      FileManager.default.fileExists(atPath: root.appending(path: ".yaia-lint.yml").path)
    {
      lintArguments += ["--config", root.appending(path: ".yaia-lint.yml").path]
    }
    lintArguments += arguments
    // No paths: the whole package, from its root (yaia lint skips .build, .git and hidden
    // folders), so findings name paths relative to the package.
    if !givesPaths { lintArguments.append(".") }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = lintArguments
    process.currentDirectoryURL = root
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("yaia lint exited with status \(process.terminationStatus)")
      exit(process.terminationStatus)
    }
  }
}
