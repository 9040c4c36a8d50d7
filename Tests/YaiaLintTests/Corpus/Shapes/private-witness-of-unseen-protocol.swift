// rule: unused-private
// pattern: private-witness-of-unseen-protocol
// expect: none
import AppKit

// A private type conforming to protocols declared elsewhere (AppKit, the standard library):
// its private members are the conformance's witnesses, used by the framework, never by name.
private final class FindPanelDelegate: NSObject, NSTextFieldDelegate {
  fileprivate func controlTextDidChange(_ notification: Notification) {}
}

private struct Match: Hashable, CustomStringConvertible {
  var range: NSRange
  fileprivate var description: String { "\(range)" }
  fileprivate func hash(into hasher: inout Hasher) { hasher.combine(range.location) }
}

func attach(_ field: NSTextField) -> Any {
  let delegate = FindPanelDelegate()
  field.delegate = delegate
  return (delegate, Set([Match(range: NSRange())]))
}
