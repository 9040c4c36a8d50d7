// rule: notification-center
// pattern: literal-in-message-arguments
// expect: none
import AppKit

// A message the app does not declare (the system's), with a string among its arguments: the
// string is the message's content, not a notification name of the app's.
@MainActor
func announce(_ workspace: NSWorkspace) {
  NotificationCenter.default.post(
    NSWorkspace.WillLaunchApplication(applicationName: "Preview"), subject: workspace)
}
