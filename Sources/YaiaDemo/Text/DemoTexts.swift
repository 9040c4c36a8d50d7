import Foundation
import Yaia
import YaiaResources

/// The demo's texts: the String Catalog `Demo.xcstrings` shipped in its bundle, in English and
/// German. View models hold ``LocalizedText`` values (keys and arguments); only the terminal
/// renders them, in the language the user chose.
enum DemoTexts {
  /// The catalog as shipped, or why it could not be read (the app says so and stops).
  static let loaded: Result<StringCatalog, StringCatalogError> = {
    guard let url = Bundle.module.url(forResource: "Demo", withExtension: "xcstrings") else {
      return .failure(.unreadable(file: "Demo.xcstrings", reason: "not in the demo's bundle"))
    }
    return Result { () throws(StringCatalogError) in try StringCatalog(contentsOf: url.path) }
  }()

  /// The catalog, or an empty one when it could not be read: then every text shows as its key,
  /// which a test and the app's start both refuse (``loaded``).
  static var catalog: StringCatalog {
    (try? loaded.get()) ?? StringCatalog(empty: "en", file: "Demo.xcstrings")
  }

  /// The languages the demo speaks.
  static let languages = ["en", "de"]
}
