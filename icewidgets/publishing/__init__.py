"""Publishing: notebooks as offline HTML pages whose boards step through their games with no
kernel (`notebooks.publish`), one board as a page (`Board.to_html`), and positions as SVG and PNG
pictures drawn by the front end's own code (`drawing`)."""
