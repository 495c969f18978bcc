/**
 * Every Markdown construct the site renders (CommonMark, GitHub's extensions, raw HTML the
 * sanitizer keeps), in one post: the visual editor must write it back so it renders the same.
 * It ends with a paragraph "The end." for a test to type after.
 */
export const MARKDOWN_CORPUS = `Intro paragraph with *emphasis*, _underscore emphasis_, **strong**, __underscore strong__, ***both***, ~~struck~~, ~single struck~ and \`inline code\`.
A soft line break continues the paragraph.
A hard break with two spaces  
and one with a backslash\\
end of the paragraph.

Setext heading
--------------

## Heading two with \`code\`

### Heading three

#### Heading four

##### Heading five

###### Heading six

Links: [inline](https://example.com "Example title"), [relative](/contact), [reference][ref], [collapsed][], <https://example.org/auto>, www.example.net, https://example.com/bare, <mailto:coach@example.com> and coach@example.com.

[ref]: https://example.com/reference "Reference title"
[collapsed]: https://example.com/collapsed

![An image with a title](https://example.com/a.png "Image title") and ![inline image](https://example.com/b.png) in text.

![Reference image][img]

[img]: https://example.com/c.png

> A quote with **strong** text.
>
> > A nested quote.
>
> - A list in a quote

- Bullet one
- Bullet two
  - Nested bullet
    - Deeper bullet
- Bullet three

* Star bullets
* In another list

+ Plus bullets

3. Starts at three
4. Continues
   1. Nested ordered

A paragraph between the lists.

1. Loose item one

2. Loose item two

- [ ] An open task
- [x] A done task

\`\`\`ts
const answer: number = 42;
console.log(\`value: \${answer}\`);
\`\`\`

~~~
tilde fence
~~~

    indented code block

---

***

| Left | Centre | Right | Plain |
|:-----|:------:|------:|-------|
| **bold** | *em* | \`code\` | [link](https://example.com) |
| a \\| pipe | ~~gone~~ | 3 | |

Footnote reference[^note] and another[^2].

[^note]: The footnote text with *emphasis*.
[^2]: A second note.

Inline HTML: <kbd>Ctrl</kbd> + <kbd>S</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <abbr title="Objectives and key results">OKR</abbr>.

<details>
<summary>Block HTML</summary>

Hidden **Markdown** inside.

</details>

Entities: &copy; &amp; &lt;tag&gt; &#169; and escapes: \\*not emphasis\\*, \\_not\\_, \\# not a heading, 1\\. not a list.

The end.
`;
