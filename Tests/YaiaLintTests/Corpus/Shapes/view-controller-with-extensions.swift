// rule: massive-type
// config: rules: { massive-type: { max-view-controller-lines: 10 } }
// pattern: view-controller-with-extensions
// expect: 5
final class BookmarksViewController: UIViewController {
  func a() {}
  func b() {}
  func c() {}
  func d() {}
}
extension BookmarksViewController: UITableViewDataSource {
  func e() {}
  func f() {}
  func g() {}
  func h() {}
}
