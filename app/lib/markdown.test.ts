// @vitest-environment jsdom
/** Chat markdown must render any text inert (docs/chat.md "markdown without HTML"). */
import { describe, expect, it } from "vitest";
import { renderMarkdown, renderNotification } from "./markdown";

/** Parse the HTML as a browser would (jsdom) and list what could run or fetch. */
function dangers(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found: string[] = [];
  for (const el of doc.body.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase();
    if (
      [
        "script",
        "img",
        "iframe",
        "object",
        "embed",
        "svg",
        "math",
        "style",
        "link",
        "meta",
        "form",
        "input",
        "video",
        "audio",
        "base",
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
      if (["href", "src", "action", "formaction", "xlink:href"].includes(attr.name) && !/^(https?:|mailto:)/i.test(attr.value))
        found.push(`${tag}[${attr.name}=${attr.value}]`);
      if (attr.name === "style") found.push(`${tag}[style]`);
    }
  }
  return found;
}

describe("renderMarkdown", () => {
  it("renders ordinary markdown", () => {
    const html = renderMarkdown("**bold** and *italic*\n\n- one\n- two\n\n`code`");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<code>code</code>");
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["an image with onerror", '<img src=x onerror="alert(1)">'],
    ["an svg onload", "<svg onload=alert(1)></svg>"],
    ["an iframe", '<iframe src="javascript:alert(1)"></iframe>'],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["an encoded javascript: link", "[click](jav&#x61;script:alert(1))"],
    ["a javascript: link with spaces and case", "[click]( JaVaScRiPt:alert(1))"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a file: link", "[click](file:///etc/passwd)"],
    ["a markdown image", "![x](https://evil.example/x.png)"],
    ["an image with a javascript src", "![x](javascript:alert(1))"],
    ["an autolink with javascript", "<javascript:alert(1)>"],
    ["a style tag", "<style>body{display:none}</style>"],
    ["an inline event handler in a link title", '[a](https://ok.example "x\\" onmouseover=\\"alert(1))'],
    ["a form", '<form action="https://evil.example"><input name=a></form>'],
  ])("renders %s inert", (_label, text) => {
    const html = renderMarkdown(text);
    expect(dangers(html)).toEqual([]);
  });

  it("keeps raw HTML visible as text", () => {
    const html = renderMarkdown("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("opens http(s) and mailto links in a new tab without referrer or opener", () => {
    const doc = new DOMParser().parseFromString(
      renderMarkdown("[site](https://bank.example/help) mail <mailto:help@bank.example> and https://bank.example/auto"),
      "text/html",
    );
    const links = [...doc.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://bank.example/help",
      "mailto:help@bank.example",
      "https://bank.example/auto",
    ]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    }
  });

  it("shows an image as its alt text only", () => {
    const html = renderMarkdown('![a <b>bold</b> alt](https://evil.example/x.png "t")');
    expect(html).not.toContain("evil.example");
    expect(dangers(html)).toEqual([]);
  });
});

describe("renderNotification", () => {
  it("leaves bare URLs as text (a typed name is never a link in the bank's message); chat messages keep them", () => {
    expect(renderNotification("Beneficiary https://evil.example/verify was approved")).not.toContain("<a");
    expect(renderMarkdown("see https://bank.example/help")).toContain('<a href="https://bank.example/help"');
  });
});
