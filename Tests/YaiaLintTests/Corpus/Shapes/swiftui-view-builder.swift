// rule: nested-closures
// pattern: swiftui-view-builder
// expect: none
struct Feed: View {
  var body: some View {
    NavigationStack {
      List {
        ForEach(posts) { post in
          VStack(alignment: .leading) {
            HStack {
              Text(post.author).bold()
              Spacer()
            }
            if post.hasImage { AsyncImage(url: post.image) } else { EmptyView() }
            header
          }
        }
      }
    }
  }
}
