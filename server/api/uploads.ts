import { Router } from "express";
import type { Database } from "../db/client";
import { readImage } from "../images/store";
import { IMAGE_VARIANT_WIDTHS } from "~/common/images";

// Stored pictures. A file name never changes its bytes (uploads get fresh names), so a year's cache is safe.

const FILE_NAME = /^[a-z0-9][\w.-]{0,120}$/i;

export function uploadRoutes(db: Database): Router {
  const router = Router();
  router.get("/uploads/:file", async (req, res) => {
    const { file } = req.params;
    const width = Number(req.query.w);
    const wanted = (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width) ? width : undefined;
    const image = FILE_NAME.test(file) ? await readImage(db, file, wanted) : undefined;
    if (!image) return void res.status(404).type("text/plain").send("Image not found.");
    res
      .set({
        "Content-Type": image.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      })
      .send(image.data);
  });
  return router;
}
