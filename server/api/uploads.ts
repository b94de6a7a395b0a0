import { Router } from "express";
import type { Database } from "../db/client";
import { readImage } from "../images/store";
import { IMAGE_VARIANT_WIDTHS, savingDataWidth } from "~/common/images";

// Stored pictures. A file name never changes its bytes (uploads get fresh names), so a year's cache is safe.
// A phone that asks to save data (`Save-Data: on`) gets a smaller rendition of the same address:
// caches keep the two apart by `Vary: Save-Data`.

const FILE_NAME = /^[a-z0-9][\w.-]{0,120}$/i;

export function uploadRoutes(db: Database): Router {
  const router = Router();
  router.get("/uploads/:file", async (req, res) => {
    const { file } = req.params;
    const width = Number(req.query.w);
    const asked = (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width) ? width : undefined;
    const wanted = req.get("save-data")?.trim().toLowerCase() === "on" ? savingDataWidth(asked) : asked;
    const image = FILE_NAME.test(file) ? await readImage(db, file, wanted) : undefined;
    if (!image) return void res.status(404).type("text/plain").send("Image not found.");
    res
      .set({
        "Content-Type": image.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        Vary: "Save-Data",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      })
      .send(image.data);
  });
  return router;
}
