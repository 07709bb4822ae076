import { Image } from "lucide-react";
import { ComingSoon } from "@/components/coming-soon";

export function ImagesPage() {
  return (
    <ComingSoon
      title="Image Creator"
      icon={Image}
      description="Describe an image and generate it with the model and aspect ratio you choose."
      highlights={[
        "Several image models",
        "Seven aspect ratios, 1:1 to 21:9",
        "View and download results",
        "Your recent images at hand",
      ]}
    />
  );
}
