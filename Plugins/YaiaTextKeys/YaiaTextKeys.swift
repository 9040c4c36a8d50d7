import Foundation
import PackagePlugin

/// Generates typed accessors for the keys of a target's String Catalogs (`.xcstrings`) on
/// every build, so a key the catalog lacks is a compile error: `.homeTitle`,
/// `.homeSpeakers(count)`. Nothing generated is checked in; `yaia-text-keys` writes it into the
/// build folder.
///
/// Add it to the target that holds the catalog and depends on YaiaResources; copy the catalog
/// as a resource, so the app can render from it at run time:
///
///     .target(
///       name: "App", dependencies: [.product(name: "YaiaResources", package: "yaia")],
///       resources: [.copy("Localizable.xcstrings")],
///       plugins: [.plugin(name: "YaiaTextKeys", package: "yaia")])
@main
struct YaiaTextKeys: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let module = target as? any SourceModuleTarget else { return [] }
    let catalogs = module.sourceFiles.filter { $0.url.pathExtension == "xcstrings" }.map(\.url)
    guard !catalogs.isEmpty else {
      // Said, not silent: a plugin that generates nothing leaves every accessor undefined.
      Diagnostics.warning(
        "YaiaTextKeys: target \(target.name) has no .xcstrings file; no text keys generated")
      return []
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "TextKeys.swift")
    return [
      .buildCommand(
        displayName: "Generating text keys for \(target.name)",
        executable: try context.tool(named: "yaia-text-keys").url,
        arguments: ["--output", output.path] + catalogs.map(\.path),
        inputFiles: catalogs,
        outputFiles: [output])
    ]
  }
}
