// rule: unused-private
// pattern: projected-value
// expect: 9
struct Settings: View {
  @State private var showsError = false
  @FocusState private var isFocused: Bool
  @Published private var storage = 0
  private var `default` = 1
  private var neverRead = 2
  var body: some View {
    TextField("Name", text: $name).focused($isFocused).alert("Error", isPresented: $showsError) {}
  }
  func reset() { _storage = Published(initialValue: `default`) }
}
