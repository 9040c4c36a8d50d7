// rule: notification-center
// pattern: typed-notification-message
// expect: 18, 19
import Foundation

// Swift 6.2's typed notifications between the app's own objects: a message type the app
// declares, posted with a subject and observed by type. The same coupling as a name.
final class Document {}

struct DocumentDidChangeSyntax: NotificationCenter.MainActorMessage {
  typealias Subject = Document
  var styleName: String
}

@MainActor
final class Outline {
  func observe(_ document: Document) -> Any {
    NotificationCenter.default.post(DocumentDidChangeSyntax(styleName: "Swift"), subject: document)
    return NotificationCenter.default.addObserver(of: document, for: DocumentDidChangeSyntax.self) {
      _ in
    }
  }
}
