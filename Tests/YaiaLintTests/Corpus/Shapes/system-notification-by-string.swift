// rule: notification-center
// pattern: system-notification-by-string
// expect: 9
final class Lifecycle {
  func start() {
    NotificationCenter.default.addObserver(
      self, selector: #selector(active),
      name: .init(rawValue: "NSApplicationDidBecomeActiveNotification"), object: nil)
    NotificationCenter.default.post(
      name: .init(rawValue: "refreshTimeline"), object: nil)
  }
  @objc func active() {}
}
